/**
 * /public/stock-prices and its trend reads. The trend lists and 12-month extremes of D are read from the
 * precomputed candidates (db/schema/market.ts), so no read scans price history; those of a past day
 * (`asOf`) are computed for it from its windows' prices (db/queries/market/as-of.ts), and so are the
 * raw lists (`adjusted=false`: the candidates are adjusted, docs/product/market.md#adjusted-prices).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noPricesOnDayMessage } from '@bazaar/shared';
import {
  ADJUSTED_DEFINITION,
  errorResponses,
  PRICE_DEFINITIONS,
  priceExtremesQuerySchema,
  priceExtremesResponseSchema,
  priceSeriesDtoSchema,
  priceSeriesQuerySchema,
  stockPricesQuerySchema,
  stockPricesResponseSchema,
  tradingDaysResponseSchema,
  trendQuerySchema,
  trendResponseSchema,
} from '@bazaar/shared/contract';
import type { Database } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import {
  getCandles,
  getLatestPriceDate,
  getPriceSeriesForPeriod,
  getStockPricesOn,
  listTradingDays,
} from '../../db/queries/market/stock-prices.js';
import { getPriceExtremes, getTrendList } from '../../db/queries/market/trend-lists.js';
import { getPriceExtremesAsOf, getTrendListAsOf, hasEquityPrices } from '../../db/queries/market/as-of.js';

/**
 * The day an `asOf` read computes for: undefined for D (read from the precomputed candidates), the day
 * itself for an earlier day with equity prices; any other day is a 404 with the one message.
 */
async function pastDay(db: Database, asOf: string | undefined): Promise<string | undefined> {
  if (asOf === undefined) return undefined;
  if (asOf === (await getLatestPriceDate(db))) return undefined;
  if (!(await hasEquityPrices(db, asOf))) throw new NotFoundError(noPricesOnDayMessage(asOf));
  return asOf;
}

const AS_OF_DESCRIPTION =
  'With `asOf` (YYYY-MM-DD): the same definition with D = that day, computed for it (a day without equity prices answers 404 with a message). ';

/**
 * The day a trend read computes for (undefined: D's lists, read from the candidates): a past `asOf`,
 * or D itself for raw prices (the candidates are adjusted).
 */
async function computedDay(db: Database, asOf: string | undefined, adjust: boolean): Promise<string | undefined> {
  const day = await pastDay(db, asOf);
  if (day || adjust) return day;
  return (await getLatestPriceDate(db)) ?? undefined;
}

export const stockPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: stock prices and trends'];

  app.get(
    '/public/stock-prices',
    {
      schema: {
        tags,
        summary: 'Prices of every symbol on a day (the latest by default), or one symbol’s candles',
        description:
          'Without `symbol`: every equity symbol’s row on `date` (default D, the latest day; ordered by symbol), with changePerDay = close − previous close and change % (2 decimals). ' +
          'The previous close is the symbol’s previous trading close adjusted for the events effective on the day (an ex-date after that close and on or before the day; raw with `adjusted=false`), ' +
          'the same one day’s change as the trend lists’; the bhavcopy’s PREVCLOSE, which the exchange adjusts on some ex-dates and not on others, is used only when no earlier row of the symbol is loaded. ' +
          'A `date` without equity prices (not a trading day, or not uploaded) answers 404 with a message; before any upload the answer is an empty list. ' +
          'With `symbol`: that symbol’s daily candles `{date, openPrice, highPrice, lowPrice, closePrice}` oldest first, optionally limited to `from`..`to` ' +
          '(an unknown symbol answers an empty list), adjusted as of D. ' +
          ADJUSTED_DEFINITION +
          PRICE_DEFINITIONS,
        querystring: stockPricesQuerySchema,
        response: { 200: stockPricesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { symbol, from, to, date, adjusted } = request.query;
      if (!symbol) {
        if (from || to) throw new BadRequestError('from and to need a symbol');
        const { rows } = await getStockPricesOn(app.db, date, adjusted);
        if (date && rows.length === 0) throw new NotFoundError(noPricesOnDayMessage(date));
        return rows;
      }
      if (date) throw new BadRequestError('date cannot be combined with symbol (use from and to)');
      if (from && to && from > to) throw new BadRequestError('from must not be after to');
      return getCandles(app.db, symbol, { from, to }, adjusted);
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
            'The earlier rows’ prices are adjusted as of D (the Previous close thus for the events effective on D: the same previous close as the Stock Prices list’s); `adjusted=false` compares raw prices (computed on request). ' +
            AS_OF_DESCRIPTION +
            ADJUSTED_DEFINITION +
            PRICE_DEFINITIONS,
          querystring: trendQuerySchema,
          response: { 200: trendResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const { asOf, type, adjusted } = request.query;
        const day = await computedDay(app.db, asOf, adjusted);
        return day ? getTrendListAsOf(app.db, direction, type, day, adjusted) : getTrendList(app.db, direction, type);
      },
    );
  }

  app.get(
    '/public/stock-prices/highestStockPriceByStock',
    {
      schema: {
        tags,
        summary: '12-month high and low of every symbol',
        description:
          'Keyed by symbol: the highest high and lowest low within the YEARLY window, each with the latest date it was reached, for every symbol with an equity row in the window; ' +
          'adjusted as of D (`adjusted=false`: raw, computed on request). ' +
          AS_OF_DESCRIPTION +
          ADJUSTED_DEFINITION +
          PRICE_DEFINITIONS,
        querystring: priceExtremesQuerySchema,
        response: { 200: priceExtremesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { asOf, adjusted } = request.query;
      const day = await computedDay(app.db, asOf, adjusted);
      return day ? getPriceExtremesAsOf(app.db, day, adjusted) : getPriceExtremes(app.db);
    },
  );

  app.get(
    '/public/stock-prices/dates',
    {
      schema: {
        tags,
        summary: 'Trading days with uploaded prices',
        description:
          'Every trading day that has uploaded prices, as YYYY-MM-DD, ascending: the days `date` and `asOf` can name (the uploads calendar’s days, for everyone).',
        response: { 200: tradingDaysResponseSchema },
      },
    },
    async () => listTradingDays(app.db),
  );

  app.get(
    '/public/stock-prices/stock-prices-for-period',
    {
      schema: {
        tags,
        summary: 'A symbol’s closes over a period',
        description:
          '`{dates, prices}`: the symbol’s closes in the window of the period ending on the symbol’s own latest trading day (D for a symbol that traded on D), oldest first (empty for an unknown symbol), ' +
          'adjusted as of D (the history the charts, candles and moving averages are drawn from: continuous through ex-dates); `adjusted=false`: raw. ' +
          ADJUSTED_DEFINITION +
          PRICE_DEFINITIONS,
        querystring: priceSeriesQuerySchema,
        response: { 200: priceSeriesDtoSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      getPriceSeriesForPeriod(app.db, request.query.symbol, request.query.type, request.query.adjusted),
  );
};
