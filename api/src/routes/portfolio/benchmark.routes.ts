/**
 * GET /user/portfolio/benchmark (docs/product/home.md#against-the-market): the caller's portfolio
 * against an index (NIFTY 50 TRI by default), money-weighted and time-weighted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { benchmarkDtoSchema, benchmarkQuerySchema, errorResponses } from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { getBenchmark } from '../../db/queries/portfolio/benchmark.js';

export const benchmarkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/portfolio/benchmark',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'My portfolio against an index',
        description:
          'Money-weighted: the portfolio’s XIRR (the dashboard’s) and the public-market equivalent’s — the same rupees on the same days in the index (each buy buys index units at that day’s value, each sale’s proceeds and each dividend sell units, the units left valued at D). ' +
          'Time-weighted: daily values of the holdings (adjusted for splits and bonuses) chained between cash flows, for the period (`from`..`to`, default the first trade to D) and for 1M, 3M, 6M, 1Y, the financial year and since the first trade; the index’s own return over the same days. ' +
          'The chart’s series (the holdings’ value and the same money in the index, day by day) and each holding against the index over its own days. The value of an index on a date is its latest close on or before it; an index not loaded or stale is said in warnings.',
        querystring: benchmarkQuerySchema,
        response: { 200: benchmarkDtoSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getBenchmark(app.db, requireUser(request).id, request.query);
    },
  );
};
