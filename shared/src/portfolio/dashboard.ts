/**
 * The investor dashboard's maths over holdings already priced and charged (pnl.ts), see
 * docs/product/home.md#dashboard and docs/decisions.md#xirr:
 * - dividends: those credited to each holding (holding-events.ts, the one rule for the holdings
 *   table, the summary and the dashboard), already in its profitLoss;
 * - the cash flows of a holding for XIRR: the buy (value + buy charges) on the buying date, the sell
 *   (value − sell charges) on the selling date or, for an open holding, its value less the estimated
 *   sell charges dated D, the date of the prices it is valued at (not today: a value of 18-Oct-2019
 *   dated today spreads the gain over years), and each dividend on its ex-date;
 * - the day's change of open holdings and the labels of the trend lists.
 */
import type { TrendPeriod } from '../constants.js';
import type { TrendDirection } from '../market/trends.js';
import type { PeriodCoverage } from '../market/periods.js';
import { Exact } from './exact.js';
import type { ProfitLoss } from './pnl.js';
import type { CashFlow } from './xirr.js';

/** What the dashboard needs of a holding (a HoldingDto has all of it). */
export interface DashboardHolding {
  symbol: string;
  creationDate: string;
  sellingDate: string | null;
  profitLoss: ProfitLoss;
}

/**
 * The holding's cash flows for XIRR (negative paid in, positive taken out); an open holding's value
 * is dated `valuedOn`, D, the latest trading day of the prices it is valued at. An open holding
 * without a price has no value: it is left out entirely (none of its flows), so it neither counts
 * as lost nor as kept.
 */
export function holdingCashFlows(holding: DashboardHolding, valuedOn: string): CashFlow[] {
  const pnl = holding.profitLoss;
  if (pnl.marketValue === null) return [];
  const paid = Exact.of(pnl.invested).plus(Exact.of(pnl.buyCharges));
  const received = Exact.of(pnl.marketValue).minus(Exact.of(pnl.sellCharges));
  const exitDate = pnl.status === 'REALIZED' ? (holding.sellingDate ?? valuedOn) : valuedOn;
  return [
    { date: holding.creationDate, amount: -paid.toNumber() },
    { date: exitDate, amount: received.toNumber() },
    ...pnl.dividendPayments.map((d) => ({ date: d.exDate, amount: Number(d.amount) })),
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

/**
 * "new 52-week high", or, when the loaded prices do not cover the period's window
 * (market/periods.ts#periodCoverage), what the list really says: "new high of the 40 trading days
 * loaded" — no 52-week claim without 52 weeks (docs/product/market.md#short-history).
 */
export function trendPhrase(
  direction: TrendDirection,
  period: TrendPeriod,
  coverage?: Pick<PeriodCoverage, 'covered' | 'tradingDaysLoaded'>,
): string {
  const word = direction === 'HIGH' ? 'high' : 'low';
  if (coverage && !coverage.covered) {
    const days = coverage.tradingDaysLoaded;
    return `new ${word} of the ${days} trading ${days === 1 ? 'day' : 'days'} loaded`;
  }
  return `new ${TREND_PERIOD_PHRASES[period]} ${word}`;
}
