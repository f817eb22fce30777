/**
 * /public/stock-prices and its trend reads (spec section 7, Market data; issue 4 "REST
 * semantics"). The trend lists and 12-month extremes come from the precomputed analysis tables
 * (db/schema/analysis.ts), so no read scans price history.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrendDirection } from '@bazaar/shared';
import { BadRequestError } from '../../errors.js';
import { getCandles, getLatestStockPrices, getPriceSeriesForPeriod } from '../../db/queries/market.js';
import { getPriceExtremes, getTrendList, type PriceExtremeDto, type TrendEntryDto } from '../../db/queries/analysis.js';
import type { Database } from '../../db/client.js';
import { errorResponses } from '../schemas.js';
import { dateParam, periodParam, symbolParam } from './params.js';
import { candleSchema, priceExtremeSchema, stockPriceRowSchema, trendResponseSchema } from './schemas.js';

const DEFINITIONS =
  'D is the latest date with equity prices (series EQ, BE, BZ, SM, ST). The window of a period P holds the dates t with D − P < t ≤ D, ' +
  'P counted in calendar terms: WEEKLY 7 days, MONTHLY 1 month, QUARTERLY 3 months, HALFYEARLY 6 months, YEARLY 12 months (month arithmetic clamps to the month end).';

/** The spec's trend response: an object keyed by symbol, built in list order. */
function toTrendResponse(entries: TrendEntryDto[]): z.infer<typeof trendResponseSchema> {
  const response: z.infer<typeof trendResponseSchema> = {};
  for (const entry of entries) {
    response[entry.symbol] = {
      position: entry.position,
      change: entry.change,
      changePercent: entry.changePercent,
      earlierExtreme: entry.earlierExtreme,
      Present: {
        symbol: entry.symbol,
        series: entry.series,
        date: entry.presentDate,
        openPrice: entry.presentOpen,
        highPrice: entry.presentHigh,
        lowPrice: entry.presentLow,
        closePrice: entry.presentClose,
        volume: entry.presentVolume,
      },
      Previous: { date: entry.previousDate, closePrice: entry.previousClose },
    };
  }
  return response;
}

async function trendResponse(db: Database, direction: TrendDirection, period: Parameters<typeof getTrendList>[2]) {
  return toTrendResponse(await getTrendList(db, direction, period));
}

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
          DEFINITIONS,
        querystring: z.object({
          symbol: symbolParam().optional().describe('An NSE symbol, e.g. RELIANCE'),
          from: dateParam('from').optional().describe('First date of the candles (with symbol)'),
          to: dateParam('to').optional().describe('Last date of the candles (with symbol)'),
        }),
        response: { 200: z.union([z.array(stockPriceRowSchema), z.array(candleSchema)]), ...errorResponses(400) },
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
            DEFINITIONS,
          querystring: z.object({ type: periodParam }),
          response: { 200: trendResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => trendResponse(app.db, direction, request.query.type),
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
          DEFINITIONS,
        response: { 200: z.record(z.string(), priceExtremeSchema) },
      },
    },
    async () => {
      const response: Record<string, PriceExtremeDto> = {};
      for (const extreme of await getPriceExtremes(app.db)) response[extreme.symbol] = extreme;
      return response;
    },
  );

  app.get(
    '/public/stock-prices/stock-prices-for-period',
    {
      schema: {
        tags,
        summary: 'A symbol’s closes over a period',
        description:
          '`{dates, prices}`: the symbol’s closes in the window of the period, oldest first (empty for an unknown symbol). ' +
          DEFINITIONS,
        querystring: z.object({ type: periodParam, symbol: symbolParam() }),
        response: {
          200: z.object({ dates: z.array(z.string()), prices: z.array(z.string()) }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => getPriceSeriesForPeriod(app.db, request.query.symbol, request.query.type),
  );
};
