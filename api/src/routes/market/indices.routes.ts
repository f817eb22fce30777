/**
 * Market indices, public (docs/product/market.md#indices): GET /public/indices, the indices loaded;
 * GET /public/indices/{name}/closes?from&to, an index's closes. Uploaded by staff (UPLOAD_INDEX_PRICES).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  indexCloseDtoSchema,
  indexClosesQuerySchema,
  indexComparisonDtoSchema,
  indexComparisonQuerySchema,
  indexNameParamsSchema,
  indexSummaryDtoSchema,
} from '@bazaar/shared/contract';
import { indexCloses, listIndices, stockAgainstIndex } from '../../db/queries/market/indices.js';

const RULE =
  'Index days and trading days differ now and then (special sessions, holidays of one and not the other): the value of an index on a date is its latest close on or before that date.';

export const indexRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: indices'];
  app.get(
    '/public/indices',
    {
      schema: {
        tags,
        summary: 'The indices loaded',
        description: `Each index with its first and latest close and the days loaded, by name. ${RULE}`,
        response: { 200: z.array(indexSummaryDtoSchema) },
      },
    },
    async () => listIndices(app.db),
  );
  app.get(
    '/public/indices/:name/closes',
    {
      schema: {
        tags,
        summary: 'An index’s closes',
        description: `Oldest first, from \`from\` to \`to\` (YYYY-MM-DD, both included, both optional). 404 for an index not loaded. ${RULE}`,
        params: indexNameParamsSchema,
        querystring: indexClosesQuerySchema,
        response: { 200: z.array(indexCloseDtoSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => indexCloses(app.db, request.params.name, request.query),
  );
  app.get(
    '/public/indices/:name/beta',
    {
      schema: {
        tags,
        summary: 'A stock against an index: one-year beta and correlation',
        description:
          'Over the year ending on the stock’s latest trading day (or `to`): on each trading day of the stock, its return and the index’s over the same two days (closes adjusted for splits and bonuses); beta = cov ÷ var(index), correlation = cov ÷ (σ stock × σ index); null with fewer than 20 days. 404 for an index not loaded.',
        params: indexNameParamsSchema,
        querystring: indexComparisonQuerySchema,
        response: { 200: indexComparisonDtoSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => stockAgainstIndex(app.db, request.params.name, request.query.symbol, request.query.to),
  );
};
