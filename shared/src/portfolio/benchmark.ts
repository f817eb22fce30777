/**
 * A portfolio against an index (docs/product/home.md#against-the-market), on the investor's own
 * cash flows:
 * - money-weighted, the public-market equivalent (PME): the same rupees on the same days put into
 *   the index — each buy buys index units at that day's value, each sale's proceeds and each
 *   dividend sell units at that day's value — and the units left valued at D: the index's XIRR on
 *   exactly the investor's timing, to compare with the portfolio's own XIRR;
 * - time-weighted: daily returns chained, contributions at the start of their day and withdrawals at
 *   its end, r = (V_t + withdrawals_t) ÷ (V_t−1 + contributions_t) − 1; an index's own TWR is its
 *   value at the end ÷ its value at the start − 1;
 * - a stock against an index: beta and correlation of their daily returns.
 * An index's value on a date is its latest close on or before it (indexValueOn). Returns are rates,
 * computed in floating point like XIRR; money stays exact elsewhere.
 */
import { indexValueOn, type IndexClose } from '../market/indices.js';
import type { CashFlow } from './xirr.js';

export interface PmeResult {
  /** The index's flows: the portfolio's flows, and the units left valued at D. */
  flows: CashFlow[];
  /** Index units held after every flow. */
  units: number;
  /** What those units are worth at D. */
  terminalValue: number;
}

/**
 * The public-market equivalent of a portfolio's external flows (negative: money in, positive: money
 * out; its own terminal value left out) in an index valued at `valuedOn`. Null when the index has
 * no value on a flow's date (before its first close) or on `valuedOn`.
 */
export function publicMarketEquivalent(
  flows: readonly CashFlow[],
  closes: readonly IndexClose[],
  valuedOn: string,
): PmeResult | null {
  let units = 0;
  for (const flow of flows) {
    const value = indexValueOn(closes, flow.date);
    if (!value) return null;
    // money in buys units, money out sells them (PME can go short when the portfolio beat the index)
    units -= flow.amount / Number(value.close);
  }
  const end = indexValueOn(closes, valuedOn);
  if (!end) return null;
  const terminalValue = units * Number(end.close);
  return { flows: [...flows, { date: valuedOn, amount: terminalValue }], units, terminalValue };
}

/** One day of a portfolio: its value at the day's close, money put in and taken out that day. */
export interface ValuedDay {
  date: string;
  value: number;
  contributions: number;
  withdrawals: number;
}

/**
 * Time-weighted return of a run of valued days, oldest first (the first day's own flows included):
 * Π (V_t + W_t) ÷ (V_t−1 + C_t) − 1. Null when no day had money invested.
 */
export function timeWeightedReturn(days: readonly ValuedDay[], openingValue = 0): number | null {
  let growth = 1;
  let previous = openingValue;
  let invested = false;
  for (const day of days) {
    const base = previous + day.contributions;
    if (base > 0) {
      growth *= (day.value + day.withdrawals) / base;
      invested = true;
    }
    previous = day.value;
  }
  return invested ? growth - 1 : null;
}

/** An index's return from `from` to `to`: value(to) ÷ value(from) − 1, null without both values. */
export function indexReturn(closes: readonly IndexClose[], from: string, to: string): number | null {
  const start = indexValueOn(closes, from);
  const end = indexValueOn(closes, to);
  if (!start || !end) return null;
  return Number(end.close) / Number(start.close) - 1;
}

/** A rate as the API writes percentages: 2 decimals, a string; null stays null. */
export function ratePercent(rate: number | null): string | null {
  return rate === null || !Number.isFinite(rate) ? null : (rate * 100).toFixed(2);
}

/**
 * Beta and correlation of a stock's daily returns against an index's, on the days both have a
 * return (the stock's trading days; the index by indexValueOn): beta = cov(s, m) ÷ var(m),
 * correlation = cov(s, m) ÷ (σ_s σ_m), sample statistics. Null with fewer than 20 paired returns.
 */
export function betaAndCorrelation(
  stock: readonly IndexClose[],
  index: readonly IndexClose[],
): { beta: number; correlation: number; days: number } | null {
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < stock.length; i++) {
    const previous = indexValueOn(index, stock[i - 1]!.date);
    const current = indexValueOn(index, stock[i]!.date);
    if (!previous || !current || previous.date === current.date) continue;
    pairs.push([
      Number(stock[i]!.close) / Number(stock[i - 1]!.close) - 1,
      Number(current.close) / Number(previous.close) - 1,
    ]);
  }
  if (pairs.length < 20) return null;
  const n = pairs.length;
  const meanS = pairs.reduce((sum, [s]) => sum + s, 0) / n;
  const meanM = pairs.reduce((sum, [, m]) => sum + m, 0) / n;
  let cov = 0;
  let varS = 0;
  let varM = 0;
  for (const [s, m] of pairs) {
    cov += (s - meanS) * (m - meanM);
    varS += (s - meanS) ** 2;
    varM += (m - meanM) ** 2;
  }
  if (varM === 0 || varS === 0) return null;
  return { beta: cov / varM, correlation: cov / Math.sqrt(varS * varM), days: n };
}
