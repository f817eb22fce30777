/**
 * /public/technical-analysis: the simple moving average (POST …/stocks/sma with query parameters
 * and an empty body) and the state of the precomputed analysis the trend lists are read from.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkClosesAvailable, MAX_PRICE_SIZE, simpleMovingAverage } from '@bazaar/shared';
import {
  analysisStateDtoSchema,
  analysisStateQuerySchema,
  errorResponses,
  smaQuerySchema,
  smaResponseSchema,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import { getLastCloses } from '../../db/queries/market/stock-prices.js';
import { getAnalysisState } from '../../db/queries/market/analysis-state.js';
import { getPeriodCoverages } from '../../db/queries/market/trend-lists.js';

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
          'The closes are adjusted for splits, bonuses and consolidations as of D (`adjusted=false`: raw closes), so an average runs on through an ex-date. ' +
          'The body is ignored (the web app sends an empty one).',
        querystring: smaQuerySchema,
        response: { 200: smaResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { symbol, priceSize, windowSize, adjusted } = request.query;
      const closes = await getLastCloses(app.db, symbol, priceSize, adjusted !== false);
      const problem = checkClosesAvailable(symbol, priceSize, closes.length);
      if (problem) throw new BadRequestError(problem.message);
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
          'so clients may cache the trend reads until it changes. ' +
          '`coverage` says, for each period, whether the loaded prices cover its window ending on `?asOf=` (else D): where `covered` is false the trend list, ' +
          'the 12-month high and low and any "52-week" figure of that period describe only `tradingDaysLoaded` days (docs/product/market.md#short-history).',
        querystring: analysisStateQuerySchema,
        response: { 200: analysisStateDtoSchema },
      },
    },
    async (request) => {
      const state = await getAnalysisState(app.db);
      const day = request.query.asOf ?? state?.asOf ?? null;
      return {
        asOf: state?.asOf ?? null,
        version: state?.version ?? 0,
        computedAt: state?.computedAt ?? null,
        durationMs: state?.durationMs ?? null,
        coverage: day === null ? [] : await getPeriodCoverages(app.db, day, day === state?.asOf),
      };
    },
  );
};
