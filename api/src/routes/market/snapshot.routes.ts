/** The staff and admin dashboard's market snapshot (docs/product/home.md#dashboard). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, marketSnapshotDtoSchema } from '@bazaar/shared/contract';
import { getMarketSnapshot } from '../../db/queries/market/snapshot.js';

export const snapshotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/market-snapshot',
    {
      schema: {
        tags: ['staff: market'],
        summary: 'The loaded market at a glance',
        description:
          'The latest trading day D, how many equity symbols have a row on it, advances, declines and unchanged (close against the previous close), the 5 largest rises and falls in %, and the 5 latest accepted uploads.',
        response: { 200: marketSnapshotDtoSchema, ...errorResponses(401, 403) },
      },
    },
    async () => getMarketSnapshot(app.db),
  );
};
