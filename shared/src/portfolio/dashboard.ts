/**
 * The investor dashboard's maths over holdings already priced and charged (pnl.ts), see
 * docs/product/home.md#dashboard and docs/decisions.md#xirr:
 * - dividends "where known": the rupees per share an exchange announcement names after the word
 *   Dividend, for every share held on the ex-date;
 * - the cash flows of a holding for XIRR: the buy (value + buy charges) on the buying date, the sell
 *   (value − sell charges) on the selling date or, for an open holding, its value today less the
 *   estimated sell charges, and each dividend on its ex-date;
 * - the day's change of open holdings and the labels of the trend lists.
 */
import Big from 'big.js';
import type { TrendPeriod } from '../constants.js';
import type { TrendDirection } from '../market/trends.js';
import type { ProfitLoss } from './pnl.js';
import type { CashFlow } from './xirr.js';

/**
 * Rupees per share of a corporate action's purpose, or null when it names no dividend amount:
 * "Interim Dividend - Rs 5.50/- Per Share" → 5.5; "Final Dividend Rs 6/- Plus Special Dividend Rs
 * 4/- Per Share" → 10; "Interim Dividend" or a trust's "Distribution…" → null.
 */
export function dividendPerShare(purpose: string): string | null {
  let total: Big | null = null;
  for (const match of purpose.matchAll(/dividend\s*[-:]?\s*r[se]\.?\s*-?\s*(\d+(?:\.\d+)?)/gi)) {
    total = (total ?? new Big(0)).plus(match[1] as string);
  }
  return total === null || total.eq(0) ? null : total.toFixed();
}

/** What the dashboard needs of a holding (a HoldingDto has all of it). */
export interface DashboardHolding {
  symbol: string;
  quantity: number;
  creationDate: string;
  sellingDate: string | null;
  profitLoss: ProfitLoss;
}

/** A dividend announcement: its ex-date and rupees per share. */
export interface Dividend {
  symbol: string;
  exDate: string;
  perShare: string;
}

/** Held on the ex-date: bought before it and not sold before it; ex-dates after today are not paid yet. */
export function isEntitled(holding: DashboardHolding, exDate: string, today: string): boolean {
  if (exDate > today || holding.creationDate >= exDate) return false;
  return holding.profitLoss.status === 'UNREALIZED' || (holding.sellingDate ?? today) >= exDate;
}

/** The dividends a holding earned (rupees each, exact), from its symbol's announcements. */
export function holdingDividends(
  holding: DashboardHolding,
  dividends: readonly Dividend[],
  today: string,
): Array<{ date: string; amount: string }> {
  return dividends
    .filter((d) => d.symbol === holding.symbol && isEntitled(holding, d.exDate, today))
    .map((d) => ({ date: d.exDate, amount: new Big(d.perShare).times(holding.quantity).toFixed() }));
}

/**
 * The holding's cash flows for XIRR (negative paid in, positive taken out). An open holding
 * without a price has no value today: it is left out entirely (none of its flows), so it neither
 * counts as lost nor as kept.
 */
export function holdingCashFlows(
  holding: DashboardHolding,
  dividends: ReadonlyArray<{ date: string; amount: string }>,
  today: string,
): CashFlow[] {
  const pnl = holding.profitLoss;
  if (pnl.marketValue === null) return [];
  const paid = new Big(pnl.invested).plus(pnl.buyCharges);
  const received = new Big(pnl.marketValue).minus(pnl.sellCharges);
  const exitDate = pnl.status === 'REALIZED' ? (holding.sellingDate ?? today) : today;
  return [
    { date: holding.creationDate, amount: -Number(paid) },
    { date: exitDate, amount: Number(received) },
    ...dividends.map((d) => ({ date: d.date, amount: Number(d.amount) })),
  ];
}

/** How a trend list reads on the dashboard: "new 52-week high", "new 3-month low"… */
export const TREND_PERIOD_PHRASES: Record<TrendPeriod, string> = {
  WEEKLY: '1-week',
  MONTHLY: '1-month',
  QUARTERLY: '3-month',
  HALFYEARLY: '6-month',
  YEARLY: '52-week',
};

export function trendPhrase(direction: TrendDirection, period: TrendPeriod): string {
  return `new ${TREND_PERIOD_PHRASES[period]} ${direction === 'HIGH' ? 'high' : 'low'}`;
}
