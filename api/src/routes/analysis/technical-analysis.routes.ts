/**
 * /public/technical-analysis: the simple moving average of the spec (POST …/stocks/sma with
 * query parameters and an empty body) and the state of the precomputed analysis.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PRICE_SIZE, simpleMovingAverage } from '@bazaar/shared';
import { BadRequestError } from '../../errors.js';
import { getLastCloses } from '../../db/queries/market.js';
import { getAnalysisState } from '../../db/queries/analysis.js';
import { errorResponses } from '../schemas.js';
import { symbolParam, wholeNumberParam } from '../market/params.js';

export const technicalAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: technical analysis'];

  app.post(
    '/public/technical-analysis/stocks/sma',
    {
      schema: {
        tags,
        summary: 'Simple moving average of a symbol’s closes',
        description:
          'Takes the symbol’s last `priceSize` closes (equity series) and answers their simple moving average with window `windowSize`: ' +
          '`priceSize − windowSize + 1` points `{date, value}`, oldest first, each dated with the last close of its window; values have 4 decimals. ' +
          `Both sizes are whole numbers from 1; windowSize ≤ priceSize ≤ ${MAX_PRICE_SIZE} and priceSize ≤ the closes available, otherwise 400 with a message. ` +
          'The body is ignored (the web app sends an empty one).',
        querystring: z
          .object({
            symbol: symbolParam(),
            priceSize: wholeNumberParam('priceSize', MAX_PRICE_SIZE),
            windowSize: wholeNumberParam('windowSize', MAX_PRICE_SIZE),
          })
          .refine((query) => query.windowSize <= query.priceSize, {
            message: 'windowSize must not be larger than priceSize',
            path: ['windowSize'],
          }),
        response: {
          200: z.array(z.object({ date: z.string(), value: z.string() }).describe('One point of the average')),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { symbol, priceSize, windowSize } = request.query;
      const closes = await getLastCloses(app.db, symbol, priceSize);
      if (closes.length === 0) throw new BadRequestError(`There are no prices for ${symbol}`);
      if (closes.length < priceSize) {
        throw new BadRequestError(
          `priceSize ${priceSize} is more than the ${closes.length} prices available for ${symbol}`,
        );
      }
      return simpleMovingAverage(closes, windowSize);
    },
  );

  app.get(
    '/public/technical-analysis/state',
    {
      schema: {
        tags,
        summary: 'Which prices the trend lists describe',
        description:
          '`asOf` is D, the latest date with equity prices, when the lists were computed; `version` increases with every computation (after every price upload), ' +
          'so clients may cache the trend reads until it changes.',
        response: {
          200: z.object({
            asOf: z.string().nullable(),
            version: z.number().int(),
            computedAt: z.string().nullable(),
            durationMs: z.number().int().nullable(),
          }),
        },
      },
    },
    async () => {
      const state = await getAnalysisState(app.db);
      return {
        asOf: state?.asOf ?? null,
        version: state?.version ?? 0,
        computedAt: state?.computedAt ?? null,
        durationMs: state?.durationMs ?? null,
      };
    },
  );
};
