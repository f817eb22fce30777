/**
 * The market area: latest prices, candles, period series, the trend lists and the Technical
 * Analysis page, moving averages. `technicalAnalysis` answers the page's eleven REST reads in one
 * request: each part (asOf, the five lists of each direction, the 12-month extremes) is its own
 * field, so a screen selects only what it shows and the parts load concurrently (the ten lists
 * through one DataLoader tick), each from the shared market cache when it is there. With `asOf`
 * the parts are those of that past day (docs/product/market.md#any-day). Moving
 * averages other than the REST SMA are computed here with the shared maths. Arguments are checked
 * with the shared rules (symbol, average sizes) before any REST call. Prices are split- and
 * bonus-adjusted unless a field is asked with `adjusted: false` (docs/product/market.md#adjusted-prices),
 * which the REST reads are asked with in turn.
 */
import {
  checkAverageSizes,
  checkClosesAvailable,
  checkParam,
  movingAverage,
  noPricesOnDayMessage,
  symbolParam,
  type MovingAverageKind,
  type TrendDirection,
} from '@bazaar/shared';
import type { Resolvers, TrendPeriod } from '../__generated__/resolvers-types.js';
import type { GraphQLContext } from '../context.js';
import { marketCache } from '../datasources/market-cache.js';
import { badUserInput, toGraphQLError } from '../errors.js';

/** The technicalAnalysis object: its fields load themselves, for D or the past day asked for. */
export interface TechnicalAnalysisParent {
  asOf: string | null;
}
/** The trend lists of one direction, of D or of a past day. */
export interface TrendListsParent {
  direction: TrendDirection;
  asOf: string | null;
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
  marketCache(context).trend(parent.direction, period, parent.asOf);

export const marketResolvers: Resolvers = {
  Query: {
    marketSnapshot: (_parent, _args, { dataSources }) => dataSources.market.marketSnapshot(),
    stockPrices: (_parent, { date, adjusted }, context) => marketCache(context).latestPrices(date, adjusted !== false),
    tradingDays: (_parent, _args, context) => marketCache(context).tradingDays(),
    candles: (_parent, { symbol, from, to, adjusted }, context) =>
      marketCache(context).candles(symbolArgument(symbol), from, to, adjusted !== false),
    priceSeries: (_parent, { symbol, period, adjusted }, context) =>
      marketCache(context).priceSeries(symbolArgument(symbol), period, adjusted !== false),
    trends: (_parent, { direction, period, adjusted }, context) =>
      marketCache(context).trend(direction, period, null, adjusted !== false),
    technicalAnalysis: (_parent, { asOf }) => ({ asOf: asOf ?? null }),
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
  TechnicalAnalysis: {
    asOf: async (parent, _args, context) => {
      if (!parent.asOf) return (await marketCache(context).state()).asOf;
      // the day asked for, once it is known to have prices (the lists would answer NOT_FOUND too)
      if (!(await marketCache(context).tradingDays()).includes(parent.asOf))
        throw toGraphQLError(404, { message: noPricesOnDayMessage(parent.asOf) });
      return parent.asOf;
    },
    highs: (parent) => ({ direction: 'HIGH', asOf: parent.asOf }),
    lows: (parent) => ({ direction: 'LOW', asOf: parent.asOf }),
    highestPrices: (parent, _args, context) => marketCache(context).highestPrices(parent.asOf),
  },
  TrendLists: {
    weekly: trendList('WEEKLY'),
    monthly: trendList('MONTHLY'),
    quarterly: trendList('QUARTERLY'),
    halfYearly: trendList('HALFYEARLY'),
    yearly: trendList('YEARLY'),
  },
};
