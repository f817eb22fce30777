/**
 * Technical and company analysis. `technicalAnalysis` answers the page's eleven REST reads in one
 * request: each part (asOf, the five lists of each direction, the 12-month extremes) is its own
 * field, so a screen selects only what it shows and the parts load concurrently (the ten lists
 * through one DataLoader tick), each from the shared market cache when it is there.
 * Moving averages other than the REST SMA are computed here with the shared maths.
 */
import { MAX_PRICE_SIZE, movingAverage, TREND_PERIODS, type MovingAverageKind } from '@bazaar/shared';
import type { Resolvers, TrendPeriod } from '../__generated__/resolvers-types.js';
import type { TrendDirectionCode } from '../datasources/analysis-api.js';
import { marketData } from '../datasources/market-data.js';
import { badUserInput } from '../errors.js';
import { normaliseSymbol, todayInIndia } from './market-inputs.js';

/** The technicalAnalysis object: its fields load themselves. */
export type TechnicalAnalysisParent = Record<string, never>;
/** The trend lists of one direction. */
export interface TrendListsParent {
  direction: TrendDirectionCode;
}
/** A company analysis: its fields load themselves for this symbol. */
export interface CompanyAnalysisParent {
  symbol: string;
}

function checkSize(value: number, field: string, max = MAX_PRICE_SIZE): number {
  if (!Number.isInteger(value) || value < 1) throw badUserInput(`${field} must be at least 1`, field);
  if (value > max) throw badUserInput(`${field} must be at most ${max}`, field);
  return value;
}

const trendList =
  (period: TrendPeriod) => (parent: TrendListsParent, _args: unknown, context: Parameters<typeof marketData>[0]) =>
    marketData(context).trend(parent.direction, period);

export const analysisResolvers: Resolvers = {
  Query: {
    trends: (_parent, { direction, period }, context) => marketData(context).trend(direction, period),
    technicalAnalysis: () => ({}),
    sma: async (_parent, args, context) => {
      const symbol = normaliseSymbol(args.symbol);
      const priceSize = checkSize(args.priceSize, 'priceSize');
      const windowSize = checkSize(args.windowSize, 'windowSize');
      if (windowSize > priceSize) throw badUserInput('windowSize must not be larger than priceSize', 'windowSize');
      const data = marketData(context);
      await data.state();
      return context.caches.market.get(`sma:${symbol}:${priceSize}:${windowSize}`, () =>
        context.dataSources.analysis.sma(symbol, priceSize, windowSize),
      ) as ReturnType<typeof context.dataSources.analysis.sma>;
    },
    movingAverage: async (_parent, args, context) => {
      const symbol = normaliseSymbol(args.symbol);
      const priceSize = checkSize(args.priceSize, 'priceSize');
      const window = checkSize(args.window, 'window');
      if (window > priceSize) throw badUserInput('window must not be larger than priceSize', 'window');
      const candles = await marketData(context).candles(symbol);
      if (candles.length === 0) throw badUserInput(`There are no prices for ${symbol}`, 'symbol');
      if (candles.length < priceSize)
        throw badUserInput(
          `priceSize ${priceSize} is more than the ${candles.length} prices available for ${symbol}`,
          'priceSize',
        );
      const closes = candles.slice(-priceSize).map((candle) => ({ date: candle.date, close: candle.closePrice }));
      try {
        return movingAverage(args.kind as MovingAverageKind, closes, window);
      } catch (error) {
        if (error instanceof RangeError) throw badUserInput(error.message, 'priceSize');
        throw error;
      }
    },
    companyAnalysis: (_parent, { symbol }) => ({ symbol: normaliseSymbol(symbol) }),
  },
  TechnicalAnalysis: {
    asOf: async (_parent, _args, context) => (await marketData(context).state()).asOf,
    highs: () => ({ direction: 'HIGH' }),
    lows: () => ({ direction: 'LOW' }),
    highestPrices: (_parent, _args, context) => marketData(context).highestPrices(),
  },
  TrendLists: {
    weekly: trendList('WEEKLY'),
    monthly: trendList('MONTHLY'),
    quarterly: trendList('QUARTERLY'),
    halfYearly: trendList('HALFYEARLY'),
    yearly: trendList('YEARLY'),
  },
  CompanyAnalysis: {
    symbol: (parent) => parent.symbol,
    company: (parent, _args, context) => marketData(context).company(parent.symbol),
    latestPrice: async (parent, _args, context) =>
      (await marketData(context).latestPrices()).find((price) => price.symbol === parent.symbol) ?? null,
    yearRange: async (parent, _args, context) =>
      (await marketData(context).highestPrices()).find((extreme) => extreme.symbol === parent.symbol) ?? null,
    events: (parent, _args, context) => marketData(context).corporateEvents(parent.symbol, todayInIndia()),
    priceSeries: (parent, _args, context) =>
      Promise.all(TREND_PERIODS.map((period) => marketData(context).priceSeries(parent.symbol, period))),
    candles: (parent, _args, context) => marketData(context).candles(parent.symbol),
    profitAndLoss: (parent, { nature }, context) =>
      marketData(context).profitAndLoss(parent.symbol, todayInIndia(), nature ?? 'STANDALONE'),
    balanceSheets: (parent, { nature }, context) =>
      marketData(context).balanceSheets(parent.symbol, todayInIndia(), nature ?? 'STANDALONE'),
  },
};
