/** The caller's portfolio totals per firm and segment, and the alerts computed from the holdings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brokerQuerySchema,
  errorResponses,
  portfolioAlertDtoSchema,
  portfolioSummaryDtoSchema,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { getPortfolioAlerts } from '../../db/queries/portfolio/alerts.js';
import { getPortfolioSummary } from '../../db/queries/portfolio/summary.js';

export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/portfolio/summary',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'My portfolio totals per firm and segment',
        description:
          'invested, currentValue, realized, unrealized, charges, dividends (credited to holdings that held shares on a dividend’s ex-date) and net (realized + unrealized + dividends − charges): overall, per firm, per firm and segment, per segment. Every firm and segment is listed.',
        response: { 200: portfolioSummaryDtoSchema, ...errorResponses(401) },
      },
    },
    async (request) => getPortfolioSummary(app.db, requireUser(request).id),
  );

  app.get(
    '/user/portfolio/alerts',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Alerts computed from my holdings',
        description:
          'Open holdings at a new 52-week high or low on their latest trading day, the segment whose value moved most, and a holding above 40 % of the current value. `?broker=` narrows to one firm.',
        querystring: brokerQuerySchema,
        response: { 200: z.array(portfolioAlertDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => getPortfolioAlerts(app.db, requireUser(request).id, request.query.broker),
  );
};
