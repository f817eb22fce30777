/**
 * /public/stock-prices and its trend reads. The trend lists and 12-month extremes of D are read from the
 * precomputed candidates (db/schema/market.ts), so no read scans price history; those of a past day
 * (`asOf`) are computed for it from its windows' prices (db/queries/market/past-days.ts), and so are the
 * raw lists (`adjusted=false`: the candidates are adjusted, docs/product/market.md#adjusted-prices).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noPricesOnDayMessage, unknownSymbolsMessage } from '@bazaar/shared';
import {
  ADJUSTED_DEFINITION,
  CANDLE_CURSOR_KINDS,
  cursorOfAnotherListMessage,
  errorResponses,
  PAGING_DESCRIPTION,
  STOCK_PRICE_CURSOR_KINDS,
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
  getLatestTradeDate,
  getPriceSeriesForPeriod,
  getStockPricesOn,
  listTradingDays,
} from '../../db/queries/market/stock-prices.js';
import {
  getCandlePage,
  getCandles,
  symbolsWithoutPrices,
  type CandleSortKey,
} from '../../db/queries/market/candles.js';
import { getPriceExtremes, getTrendList } from '../../db/queries/market/trend-lists.js';
import { getPriceExtremesOn, getTrendListOn, hasEquityPrices } from '../../db/queries/market/past-days.js';
import { pageAsked, sendPageHeaders } from '../paging.js';

/**
 * A day asked for by `date` or `asOf` that has no equity prices (not a trading day, or not uploaded)
 * answers 404 with the one message (docs/product/market.md#any-day): decided here, for every read
 * that takes a day (the BFF relies on this answer).
 */
async function requireTradeDate(db: Database, tradeDate: string): Promise<void> {
  if (!(await hasEquityPrices(db, tradeDate))) throw new NotFoundError(noPricesOnDayMessage(tradeDate));
}

/**
 * The trading day an `asOf` read computes for: undefined for D (read from the precomputed candidates),
 * the day itself for an earlier trading day; any other day is a 404 (requireTradeDate).
 */
async function pastTradeDate(db: Database, tradeDate: string | undefined): Promise<string | undefined> {
  if (tradeDate === undefined) return undefined;
  if (tradeDate === (await getLatestTradeDate(db))) return undefined;
  await requireTradeDate(db, tradeDate);
  return tradeDate;
}

/** A symbol without any equity prices: 400 naming it (the reads made for programs; docs/integrators.md#batching). */
export async function requireKnownSymbols(db: Database, symbols: readonly string[]): Promise<void> {
  const unknown = await symbolsWithoutPrices(db, symbols);
  if (unknown.length > 0) throw new BadRequestError(unknownSymbolsMessage(unknown), { unknownSymbols: unknown });
}

/** A cursor of a page of candles whose prices are no longer in the units of its list. */
function staleCandleCursorMessage(symbol: string, cursorBasis: string, basis: string): string {
  if (cursorBasis === 'raw' || basis === 'raw')
    return cursorOfAnotherListMessage(
      cursorBasis === 'raw' ? 'the raw prices (adjusted=false)' : 'the adjusted prices',
    );
  return `The adjusted prices of ${symbol} changed after this cursor was made (a split, bonus or consolidation took effect): start again without a cursor`;
}

const AS_OF_DESCRIPTION =
  'With `asOf` (YYYY-MM-DD): the same definition with D = that day, computed for it (a day without equity prices answers 404 with a message). ';

/**
 * The day a trend read computes for (undefined: D's lists, read from the candidates): a past `asOf`,
 * or D itself for raw prices (the candidates are adjusted).
 */
async function computedTradeDate(
  db: Database,
  tradeDate: string | undefined,
  adjusted: boolean,
): Promise<string | undefined> {
  const past = await pastTradeDate(db, tradeDate);
  if (past || adjusted) return past;
  return (await getLatestTradeDate(db)) ?? undefined;
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
          'Without `symbol`: every equity symbol’s row on `date` (default D, the latest day; ordered by symbol, then series), with changePerDay = close − previous close and change % (2 decimals). ' +
          'The previous close is the symbol’s previous trading close adjusted for the events effective on the day (an ex-date after that close and on or before the day; raw with `adjusted=false`), ' +
          'the same one day’s change as the trend lists’; the bhavcopy’s PREVCLOSE, which the exchange adjusts on some ex-dates and not on others, is used only when no earlier row of the symbol is loaded. ' +
          'A `date` without equity prices (not a trading day, or not uploaded) answers 404 with a message; before any upload the answer is an empty list. ' +
          'With `symbol`: that symbol’s candles `{date, openPrice, highPrice, lowPrice, closePrice, volume}` oldest first, optionally limited to the trading days `from`..`to`, adjusted as of D: ' +
          'one a trading day, or with `interval=WEEK` or `MONTH` one a calendar week (Monday to Sunday) or month, dated by its first trading day, with that day’s open, the highest high, the lowest low, the last trading day’s close and the volumes summed ' +
          '(each day adjusted first; a period that from or to cuts counts its days inside the range). An unknown symbol answers an empty list, except in a paged or interval read (made for programs), where it is a 400 naming it. ' +
          PAGING_DESCRIPTION +
          'A page of the day’s rows continues the cursor’s day even after an upload moved D; a `date` other than the cursor’s is a 400. ' +
          'A page of candles continues after its cursor’s period (candles added before it are not repeated); once a corporate action changed the symbol’s adjusted history, the cursor is refused with a 400 (start again). ' +
          ADJUSTED_DEFINITION +
          PRICE_DEFINITIONS,
        querystring: stockPricesQuerySchema,
        response: { 200: stockPricesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { symbol, from, to, date, adjusted, interval } = request.query;
      if (!symbol) {
        if (from || to) throw new BadRequestError('from and to need a symbol');
        if (interval) throw new BadRequestError('interval needs a symbol');
        const asked = pageAsked<[string, string, string]>(request.query, STOCK_PRICE_CURSOR_KINDS);
        // a page continues the day of its cursor, whatever D is now
        const tradeDate = asked?.after?.[0] ?? date;
        if (date && tradeDate !== date)
          throw new BadRequestError(cursorOfAnotherListMessage(`the prices of ${tradeDate}`));
        if (tradeDate) await requireTradeDate(app.db, tradeDate);
        if (!asked) return (await getStockPricesOn(app.db, tradeDate, adjusted)).rows;
        const page = await getStockPricesOn(app.db, tradeDate, adjusted, {
          limit: asked.limit,
          after: asked.after ? [asked.after[1], asked.after[2]] : null,
        });
        const last = page.rows.at(-1);
        sendPageHeaders(request, reply, {
          total: page.total,
          end: last ? [last.date, last.symbol, last.series] : null,
          more: page.more,
        });
        return page.rows;
      }
      if (date) throw new BadRequestError('date cannot be combined with symbol (use from and to)');
      if (from && to && from > to) throw new BadRequestError('from must not be after to');
      const options = { from, to, interval: interval ?? 'DAY', adjusted } as const;
      const asked = pageAsked<CandleSortKey>(request.query, CANDLE_CURSOR_KINDS);
      if (!asked) {
        const candles = await getCandles(app.db, symbol, options);
        // the old client's read answers an unknown symbol with an empty list; an interval read is a program's
        if (candles.length === 0 && interval !== undefined) await requireKnownSymbols(app.db, [symbol]);
        return candles;
      }
      const [cursorSymbol, cursorDate, cursorBasis] = asked.after ?? [symbol, null, null];
      if (cursorSymbol !== symbol)
        throw new BadRequestError(cursorOfAnotherListMessage(`the candles of ${cursorSymbol}`));
      const page = await getCandlePage(app.db, symbol, options, { limit: asked.limit, after: cursorDate });
      if (cursorBasis !== null && cursorBasis !== page.basis)
        throw new BadRequestError(staleCandleCursorMessage(symbol, cursorBasis, page.basis));
      if (page.total === 0) await requireKnownSymbols(app.db, [symbol]);
      const last = page.items.at(-1);
      sendPageHeaders(request, reply, {
        total: page.total,
        end: last ? [symbol, last.date, page.basis] : null,
        more: page.more,
      });
      return page.items;
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
        const tradeDate = await computedTradeDate(app.db, asOf, adjusted);
        return tradeDate
          ? getTrendListOn(app.db, direction, type, tradeDate, adjusted)
          : getTrendList(app.db, direction, type);
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
      const tradeDate = await computedTradeDate(app.db, asOf, adjusted);
      return tradeDate ? getPriceExtremesOn(app.db, tradeDate, adjusted) : getPriceExtremes(app.db);
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
          '`coverage` says whether the loaded prices cover that window: where `covered` is false the closes describe only `tradingDaysLoaded` trading days, not the whole period (null without prices). ' +
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
