/**
 * The market area: the prices of a trading day (D by default), candles, period series, the trend lists and
 * the Technical Analysis page, moving averages; and for programs the pages of a day's prices and of a
 * symbol's candles (Relay connections, docs/integrators.md#paging) and the quotes and candles of many
 * symbols in one request (docs/integrators.md#batching). `technicalAnalysis` answers the page's eleven REST reads in one
 * request: each part (asOf, the five lists of each direction, the 12-month extremes) is its own
 * field, so a screen selects only what it shows and the parts load concurrently (the ten lists
 * through one DataLoader tick), each from the shared market cache when it is there. With `asOf`
 * the parts are those of that past day (docs/product/market.md#any-day); whether it has prices is the
 * REST API's to say (its 404 is NOT_FOUND here). Moving
 * averages other than the REST SMA are computed here with the shared maths. Arguments are checked
 * with the shared rules (symbol, average sizes) before any REST call. Prices are split- and
 * bonus-adjusted unless a field is asked with `adjusted: false` (docs/product/market.md#adjusted-prices),
 * which the REST reads are asked with in turn.
 */
import {
  checkAverageSizes,
  checkClosesAvailable,
  checkParam,
  checkSymbolList,
  MAX_BATCH_SYMBOLS,
  movingAverage,
  symbolParam,
  unknownSymbolsMessage,
  type MovingAverageKind,
} from '@bazaar/shared';
import { CANDLE_CURSOR_KINDS, candleCursor, decodeCursor, stockPriceCursor } from '@bazaar/shared/contract';
import type { CandleInterval, Resolvers, TrendPeriod } from '../__generated__/resolvers-types.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { TrendListsParent } from '../graphql/parent-types.js';
import type { CandleKind } from '../datasources/market-api.js';
import { marketCache } from '../caches/market-cache.js';
import { badUserInput } from '../graphql/errors.js';
import { connectionOf, pageCursor, pageSize } from './connections.js';

/** A symbol argument by the one symbol rule: trimmed and upper-cased, or BAD_USER_INPUT with the rule's message. */
export function symbolArgument(value: string, field = 'symbol'): string {
  const checked = checkParam(symbolParam(field), value);
  if ('message' in checked) throw badUserInput(checked.message, field);
  return checked.value;
}

/** The average sizes by the one rule; `windowField` names the window argument of the field asked. */
function averageSizes(priceSize: number, windowSize: number, windowField: string) {
  const sizes = checkAverageSizes(priceSize, windowSize);
  if ('message' in sizes) throw badUserInput(sizes.message, sizes.field === 'windowSize' ? windowField : sizes.field);
  return sizes;
}

/** A list argument of symbols by the one rule (1 to MAX_BATCH_SYMBOLS, each a symbol): upper-cased, repeats once. */
function symbolListArgument(values: readonly string[], field = 'symbols'): string[] {
  const checked = checkSymbolList(values, MAX_BATCH_SYMBOLS, field);
  if ('message' in checked) throw badUserInput(checked.message, field);
  return checked.value;
}

/** Each symbol's answer, or BAD_USER_INPUT naming every symbol without prices (answered null). */
function requireKnown<T>(symbols: readonly string[], answers: ReadonlyArray<T | null>, field = 'symbols'): T[] {
  const unknown = symbols.filter((_symbol, index) => answers[index] === null);
  if (unknown.length > 0) throw badUserInput(unknownSymbolsMessage(unknown), field);
  return answers as T[];
}

function candleKind(args: {
  from?: string | null;
  to?: string | null;
  interval?: CandleInterval | null;
  adjusted?: boolean | null;
}): CandleKind {
  return {
    from: args.from ?? null,
    to: args.to ?? null,
    interval: args.interval ?? 'DAY',
    adjusted: args.adjusted !== false,
  };
}

const trendList = (period: TrendPeriod) => (parent: TrendListsParent, _args: unknown, context: GraphQLContext) =>
  marketCache(context).trends(parent.direction, period, parent.tradeDate);

export const marketResolvers: Resolvers = {
  Query: {
    marketSnapshot: (_parent, _args, { dataSources }) => dataSources.market.marketSnapshot(),
    stockPrices: (_parent, { date, adjusted }, context) => marketCache(context).stockPrices(date, adjusted !== false),
    stockPriceConnection: async (_parent, { date, adjusted, first, after }, context) => {
      const page = await marketCache(context).stockPricePage(date ?? null, adjusted !== false, {
        first: pageSize(first),
        after: pageCursor(after),
      });
      return connectionOf(page, stockPriceCursor);
    },
    candleConnection: async (_parent, args, context) => {
      const symbol = symbolArgument(args.symbol);
      const page = await marketCache(context).candlePage(symbol, candleKind(args), {
        first: pageSize(args.first),
        after: pageCursor(args.after),
      });
      // every candle of a page has the basis of the page's prices, which its end cursor carries
      const basis = page.endCursor ? (decodeCursor(page.endCursor, CANDLE_CURSOR_KINDS)?.[2] ?? '') : '';
      return connectionOf(page, (candle) => candleCursor(symbol, candle.date, String(basis)));
    },
    quotes: async (_parent, args, context) => {
      const symbols = symbolListArgument(args.symbols);
      const cache = marketCache(context);
      return requireKnown(symbols, await Promise.all(symbols.map((symbol) => cache.quote(symbol))));
    },
    candlesBySymbol: async (_parent, args, context) => {
      const symbols = symbolListArgument(args.symbols);
      const kind = candleKind(args);
      const cache = marketCache(context);
      const candles = requireKnown(symbols, await Promise.all(symbols.map((symbol) => cache.candlesOf(symbol, kind))));
      return symbols.map((symbol, index) => ({ symbol, candles: candles[index] ?? [] }));
    },
    tradingDays: (_parent, _args, context) => marketCache(context).tradingDays(),
    candles: (_parent, { symbol, from, to, adjusted }, context) =>
      marketCache(context).candles(symbolArgument(symbol), from, to, adjusted !== false),
    priceSeries: (_parent, { symbol, period, adjusted }, context) =>
      marketCache(context).priceSeries(symbolArgument(symbol), period, adjusted !== false),
    trends: (_parent, { direction, period, adjusted }, context) =>
      marketCache(context).trends(direction, period, null, adjusted !== false),
    technicalAnalysis: (_parent, { asOf }) => ({ tradeDate: asOf ?? null }),
    sma: (_parent, args, context) => {
      const symbol = symbolArgument(args.symbol);
      const sizes = averageSizes(args.priceSize, args.windowSize, 'windowSize');
      return marketCache(context).sma({ symbol, ...sizes, adjusted: args.adjusted !== false });
    },
    movingAverage: async (_parent, args, context) => {
      const symbol = symbolArgument(args.symbol);
      const { priceSize, windowSize } = averageSizes(args.priceSize, args.window, 'window');
      const candles = await marketCache(context).candles(symbol, null, null, args.adjusted !== false);
      const problem = checkClosesAvailable(symbol, priceSize, candles.length);
      if (problem) throw badUserInput(problem.message, problem.field);
      const closes = candles.slice(-priceSize).map((candle) => ({ date: candle.date, close: candle.closePrice }));
      try {
        return movingAverage(args.kind as MovingAverageKind, closes, windowSize);
      } catch (error) {
        // too few closes for this average's warm-up
        if (error instanceof RangeError) throw badUserInput(error.message, 'priceSize');
        throw error;
      }
    },
  },
  StockPrice: {
    volume: (price) => (price.volume === null ? null : String(price.volume)),
  },
  Candle: {
    volume: (candle) => (candle.volume === null || candle.volume === undefined ? null : String(candle.volume)),
  },
  TechnicalAnalysis: {
    asOf: async (parent, _args, context) => {
      if (!parent.tradeDate) return (await marketCache(context).analysisState()).asOf;
      // the day asked for, once the REST API has answered a read of it: a day without prices is its 404, with its
      // message (NOT_FOUND here). The read is the weekly highs of that day, which a page showing the lists asks
      // for anyway (one DataLoader key: no second call).
      await marketCache(context).trends('HIGH', 'WEEKLY', parent.tradeDate);
      return parent.tradeDate;
    },
    highs: (parent) => ({ direction: 'HIGH', tradeDate: parent.tradeDate }),
    lows: (parent) => ({ direction: 'LOW', tradeDate: parent.tradeDate }),
    highestPrices: (parent, _args, context) => marketCache(context).highestPrices(parent.tradeDate),
    coverage: (parent, _args, context) => marketCache(context).periodCoverage(parent.tradeDate),
  },
  // a trend list's entries are the REST values: the row of the day is `Present`, the row before `Previous`
  TrendItem: {
    symbol: (value) => value.Present.symbol,
    presentClose: (value) => value.Present.closePrice,
    previousClose: (value) => value.Previous.closePrice,
    presentDate: (value) => value.Present.date,
    previousDate: (value) => value.Previous.date,
  },
  TrendLists: {
    weekly: trendList('WEEKLY'),
    monthly: trendList('MONTHLY'),
    quarterly: trendList('QUARTERLY'),
    halfYearly: trendList('HALFYEARLY'),
    yearly: trendList('YEARLY'),
  },
};
