/** The investor's dashboard (docs/product/home.md#dashboard): every figure computed from the caller's holdings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardDtoSchema, errorResponses } from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { getDashboard } from '../../db/queries/portfolio/dashboard.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/dashboard',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'My portfolio at a glance',
        description:
          'Current value, invested, the day’s change, net P&L (realized + unrealized + dividends where the announcements name an amount − charges), ' +
          'XIRR overall and per firm (buys with their charges, sells and the value today less the estimated sell charges, dividends on their ex-dates), ' +
          'allocation by industry and by firm, the day’s top gainers and losers among open holdings, held and watched stocks in the trend lists of the latest trading day, and the alerts.',
        response: { 200: dashboardDtoSchema, ...errorResponses(401) },
      },
    },
    async (request) => getDashboard(app.db, requireUser(request).id),
  );
};
