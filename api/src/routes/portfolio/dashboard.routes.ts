/** The investor's dashboard (docs/product/home.md#dashboard): every figure computed from the caller's holdings. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeToday } from '@bazaar/shared';
import { dashboardDtoSchema, errorResponses } from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { dashboardTag, getDashboardTagged } from '../../db/queries/portfolio/dashboard.js';
import { ifNoneMatchHolds } from '../conditional.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/dashboard',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'My portfolio at a glance',
        description:
          'Current value, invested, the day’s change, net P&L (realized + unrealized + dividends credited − charges), ' +
          'XIRR overall and per firm (buys with their charges, sells and the value on D, the day of the prices it is valued at, less the estimated sell charges, dividends on their ex-dates), ' +
          'allocation by industry and by firm, the day’s top gainers and losers among open holdings, held and watched stocks in the trend lists of the latest trading day, and the alerts. ' +
          'Answers carry an ETag that changes whenever anything the dashboard is computed from changes (holdings, prices, corporate actions, charges, firms, segments, companies, trend lists, the watch list or the exchange day): ' +
          'send it back in If-None-Match and an unchanged dashboard answers 304 with no body.',
        response: { 200: dashboardDtoSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const today = exchangeToday();
      const tag = await dashboardTag(app.db, userId, today);
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (ifNoneMatchHolds(request.headers['if-none-match'], tag)) {
        // a 304 has no body: the zod-typed reply knows only the 200 shape
        return (reply as FastifyReply).code(304).send() as unknown as undefined;
      }
      return getDashboardTagged(app.db, userId, tag, today);
    },
  );
};
