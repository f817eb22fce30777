/**
 * GET /public/uploads/market-data-status (insight service, anyone): whether the demo market is loaded and the latest
 * trading day with prices (docs/product/uploads.md#market-data-status): the demo banner and the "as of" notes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, marketDataStatusDtoSchema } from '@bazaar/shared/contract';
import { getMarketDataStatus } from '../../db/queries/uploads/index.js';

export const marketDataStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/uploads/market-data-status',
    {
      schema: {
        tags: ['public: uploads'],
        summary: 'Where the market data comes from and its latest trading day',
        description:
          'demo: the generated demo market (synthetic companies and prices) was loaded; latestPriceDate: the latest trading day with prices, null when none.',
        response: { 200: marketDataStatusDtoSchema, ...errorResponses(500) },
      },
    },
    async () => getMarketDataStatus(app.db),
  );
};
