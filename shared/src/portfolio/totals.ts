/**
 * Portfolio totals over holdings (per firm, per segment, overall):
 *   invested     = Σ buy value of open (UNREALIZED) holdings — money still in the market
 *   currentValue = Σ current value of open holdings that have a price
 *   realized     = Σ gross P&L of REALIZED holdings
 *   unrealized   = Σ gross P&L of open holdings that have a price
 *   charges      = Σ charges of every holding (open ones with their estimated sell charges)
 *   dividends    = Σ dividends credited to every holding (docs/product/portfolio.md#corporate-actions)
 *   net          = realized + unrealized + dividends − charges
 */
import Big from 'big.js';
import { Exact } from './exact.js';
import type { ProfitLoss } from './pnl.js';

export interface PortfolioTotals {
  holdings: number;
  invested: string;
  currentValue: string;
  realized: string;
  unrealized: string;
  charges: string;
  dividends: string;
  net: string;
}

export function sumPortfolio(profitLosses: Iterable<ProfitLoss>): PortfolioTotals {
  // exact scaled integers (exact.ts): a dashboard adds up every holding several times
  let holdings = 0;
  let invested = Exact.ZERO;
  let currentValue = Exact.ZERO;
  let realized = Exact.ZERO;
  let unrealized = Exact.ZERO;
  let charges = Exact.ZERO;
  let dividends = Exact.ZERO;
  for (const pnl of profitLosses) {
    holdings += 1;
    charges = charges.plus(Exact.of(pnl.charges));
    dividends = dividends.plus(Exact.of(pnl.dividends));
    if (pnl.status === 'REALIZED') {
      if (pnl.gross !== null) realized = realized.plus(Exact.of(pnl.gross));
      continue;
    }
    invested = invested.plus(Exact.of(pnl.invested));
    if (pnl.marketValue !== null) currentValue = currentValue.plus(Exact.of(pnl.marketValue));
    if (pnl.gross !== null) unrealized = unrealized.plus(Exact.of(pnl.gross));
  }
  return {
    holdings,
    invested: invested.toFixed(),
    currentValue: currentValue.toFixed(),
    realized: realized.toFixed(),
    unrealized: unrealized.toFixed(),
    charges: charges.toFixed(),
    dividends: dividends.toFixed(),
    net: realized.plus(unrealized).plus(dividends).minus(charges).toFixed(),
  };
}

/** change / base × 100 rounded to 2 decimals (half up), or null when there is no base to compare. */
export function percentOf(change: string | null | undefined, base: string | null | undefined): string | null {
  if (change === null || change === undefined || base === null || base === undefined) return null;
  const denominator = new Big(base);
  if (denominator.eq(0)) return null;
  return new Big(change).div(denominator).times(100).round(2, Big.roundHalfUp).toFixed(2);
}
