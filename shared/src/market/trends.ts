/**
 * What the trend lists derive from a symbol's present and previous closes (docs/product/market.md,
 * "Trend response"): change = present close − previous close, change % = change ÷ previous
 * close × 100, both rounded to 2 decimals (half away from zero) from the exact values. Also the
 * order of the lists and the tile colour rule of docs/product/market.md.
 */
import Big from 'big.js';
import type { TrendPeriod } from '../constants.js';
import { roundDecimal } from '../format/money.js';

export type TrendDirection = 'HIGH' | 'LOW';
export const TREND_DIRECTIONS = ['HIGH', 'LOW'] as const;

export interface TrendChange {
  /** present − previous, 2 decimals. */
  change: string;
  /** change ÷ previous × 100, 2 decimals; null when the previous close is 0. */
  changePercent: string | null;
}

export function computeTrendChange(presentClose: string, previousClose: string): TrendChange {
  const exact = new Big(presentClose).minus(previousClose);
  const previous = new Big(previousClose);
  return {
    change: roundDecimal(exact),
    changePercent: previous.eq(0) ? null : roundDecimal(exact.div(previous).times(100)),
  };
}

/** Orders trend items: highs by change % descending, lows ascending, ties (and missing %) by symbol. */
export function compareTrendItems(direction: TrendDirection) {
  return (
    a: { symbol: string; changePercent: string | null },
    b: { symbol: string; changePercent: string | null },
  ): number => {
    if (a.changePercent !== null && b.changePercent !== null) {
      const byPercent = new Big(a.changePercent).cmp(b.changePercent);
      if (byPercent !== 0) return direction === 'HIGH' ? -byPercent : byPercent;
    } else if (a.changePercent !== b.changePercent) {
      return a.changePercent === null ? 1 : -1;
    }
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  };
}

/**
 * Whether a tile shows the loss (red) style: in the high lists a negative change, in the low
 * lists a change of 0 or less (docs/product/market.md); everything else is green.
 */
export function isLossTrend(direction: TrendDirection, change: string | number): boolean {
  const value = new Big(change);
  return direction === 'HIGH' ? value.lt(0) : value.lte(0);
}

/** Headings of the five sub-sections, in the page's order. */
export const TREND_PERIOD_LABELS: Record<TrendPeriod, string> = {
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  HALFYEARLY: 'Half Yearly',
  YEARLY: 'Yearly',
};
