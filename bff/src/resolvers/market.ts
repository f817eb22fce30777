/**
 * The market area: latest prices, candles, period series, the trend lists and the Technical
 * Analysis page, moving averages. `technicalAnalysis` answers the page's eleven REST reads in one
 * request: each part (asOf, the five lists of each direction, the 12-month extremes) is its own
 * field, so a screen selects only what it shows and the parts load concurrently (the ten lists
 * through one DataLoader tick), each from the shared market cache when it is there. Moving
 * averages other than the REST SMA are computed here with the shared maths. Arguments are checked
 * with the shared rules (symbol, average sizes) before any REST call.
 */
import {
  checkAverageSizes,
  checkClosesAvailable,
  checkParam,
  movingAverage,
  symbolParam,
  type MovingAverageKind,
  type TrendDirection,
} from '@bazaar/shared';
import type { Resolvers, TrendPeriod } from '../__generated__/resolvers-types.js';
import type { GraphQLContext } from '../context.js';
import { marketCache } from '../datasources/market-cache.js';
import { badUserInput } from '../errors.js';

/** The technicalAnalysis object: its fields load themselves. */
export type TechnicalAnalysisParent = Record<string, never>;
/** The trend lists of one direction. */
export interface TrendListsParent {
  direction: TrendDirection;
}

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

const trendList = (period: TrendPeriod) => (parent: TrendListsParent, _args: unknown, context: GraphQLContext) =>
  marketCache(context).trend(parent.direction, period);

export const marketResolvers: Resolvers = {
  Query: {
    stockPrices: (_parent, _args, context) => marketCache(context).latestPrices(),
    candles: (_parent, { symbol, from, to }, context) => marketCache(context).candles(symbolArgument(symbol), from, to),
    priceSeries: (_parent, { symbol, period }, context) =>
      marketCache(context).priceSeries(symbolArgument(symbol), period),
    trends: (_parent, { direction, period }, context) => marketCache(context).trend(direction, period),
    technicalAnalysis: () => ({}),
    sma: (_parent, args, context) => {
      const symbol = symbolArgument(args.symbol);
      const sizes = averageSizes(args.priceSize, args.windowSize, 'windowSize');
      return marketCache(context).sma({ symbol, ...sizes });
    },
    movingAverage: async (_parent, args, context) => {
      const symbol = symbolArgument(args.symbol);
      const { priceSize, windowSize } = averageSizes(args.priceSize, args.window, 'window');
      const candles = await marketCache(context).candles(symbol);
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
  TechnicalAnalysis: {
    asOf: async (_parent, _args, context) => (await marketCache(context).state()).asOf,
    highs: () => ({ direction: 'HIGH' }),
    lows: () => ({ direction: 'LOW' }),
    highestPrices: (_parent, _args, context) => marketCache(context).highestPrices(),
  },
  TrendLists: {
    weekly: trendList('WEEKLY'),
    monthly: trendList('MONTHLY'),
    quarterly: trendList('QUARTERLY'),
    halfYearly: trendList('HALFYEARLY'),
    yearly: trendList('YEARLY'),
  },
};
