/**
 * /public/stock-prices and its trend reads. The trend lists and 12-month extremes come from the
 * precomputed tables (db/schema/market.ts), so no read scans price history.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  PRICE_DEFINITIONS,
  priceExtremesResponseSchema,
  priceSeriesDtoSchema,
  priceSeriesQuerySchema,
  stockPricesQuerySchema,
  stockPricesResponseSchema,
  trendQuerySchema,
  trendResponseSchema,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import { getCandles, getLatestStockPrices, getPriceSeriesForPeriod } from '../../db/queries/market/stock-prices.js';
import { getPriceExtremes, getTrendList } from '../../db/queries/market/trend-lists.js';

export const stockPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: stock prices and trends'];

  app.get(
    '/public/stock-prices',
    {
      schema: {
        tags,
        summary: 'Latest prices of every symbol, or one symbol’s candles',
        description:
          'Without `symbol`: every equity symbol’s row on D (ordered by symbol), with changePerDay = close − previous close and change % (2 decimals). ' +
          'With `symbol`: that symbol’s daily candles `{date, openPrice, highPrice, lowPrice, closePrice}` oldest first, optionally limited to `from`..`to` ' +
          '(an unknown symbol answers an empty list). ' +
          PRICE_DEFINITIONS,
        querystring: stockPricesQuerySchema,
        response: { 200: stockPricesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { symbol, from, to } = request.query;
      if (!symbol) {
        if (from || to) throw new BadRequestError('from and to need a symbol');
        return (await getLatestStockPrices(app.db)).rows;
      }
      if (from && to && from > to) throw new BadRequestError('from must not be after to');
      return getCandles(app.db, symbol, { from, to });
    },
  );

  for (const [path, direction] of [
    ['/public/stock-prices/weeks-high', 'HIGH'],
    ['/public/stock-prices/weeks-low', 'LOW'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            direction === 'HIGH' ? 'Symbols at a new high for the period' : 'Symbols at a new low for the period',
          description:
            (direction === 'HIGH'
              ? 'The symbols with a row on D, at least one earlier row in the window, and high(D) ≥ the highest high of the earlier rows in the window. Ordered by change % descending, ties by symbol. '
              : 'The symbols with a row on D, at least one earlier row in the window, and low(D) ≤ the lowest low of the earlier rows in the window. Ordered by change % ascending, ties by symbol. ') +
            'Answers an object keyed by symbol (in list order): `Present` is the row on D, `Previous` the symbol’s latest row before D; ' +
            'change = Present close − Previous close and change % = change ÷ Previous close × 100, both rounded to 2 decimals. ' +
            PRICE_DEFINITIONS,
          querystring: trendQuerySchema,
          response: { 200: trendResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => getTrendList(app.db, direction, request.query.type),
    );
  }

  app.get(
    '/public/stock-prices/highestStockPriceByStock',
    {
      schema: {
        tags,
        summary: '12-month high and low of every symbol',
        description:
          'Keyed by symbol: the highest high and lowest low within the YEARLY window, each with the latest date it was reached, for every symbol with an equity row in the window. ' +
          PRICE_DEFINITIONS,
        response: { 200: priceExtremesResponseSchema },
      },
    },
    async () => getPriceExtremes(app.db),
  );

  app.get(
    '/public/stock-prices/stock-prices-for-period',
    {
      schema: {
        tags,
        summary: 'A symbol’s closes over a period',
        description:
          '`{dates, prices}`: the symbol’s closes in the window of the period, oldest first (empty for an unknown symbol). ' +
          PRICE_DEFINITIONS,
        querystring: priceSeriesQuerySchema,
        response: { 200: priceSeriesDtoSchema, ...errorResponses(400) },
      },
    },
    async (request) => getPriceSeriesForPeriod(app.db, request.query.symbol, request.query.type),
  );
};
