/**
 * The eight moving averages the User Guide explains, in exact decimals (big.js): SMA, EMA, WMA,
 * HMA, SMMA, KAMA, DEMA and TEMA. Each takes the closes oldest first and a window n, and answers
 * one point per close from the first close where the average is defined (its "warm-up"), dated
 * with that close. Values are rounded to 4 decimals at the end only (so the 2-decimal display
 * rounding is exact); intermediate results keep 20 decimals.
 *
 * Definitions (with their usual sources):
 * - SMA: mean of the last n closes.
 * - EMA: α = 2 ÷ (n + 1); seeded with the SMA of the first n closes; EMAₜ = α·Pₜ + (1 − α)·EMAₜ₋₁.
 * - WMA: linear weights 1..n, the newest close weighted n; divided by n(n + 1) ÷ 2.
 * - HMA (Alan Hull): WMA over √n (floored) of 2·WMA(n ÷ 2, floored) − WMA(n).
 * - SMMA (Wilder's smoothing, RMA): seeded with the SMA; SMMAₜ = (SMMAₜ₋₁·(n − 1) + Pₜ) ÷ n.
 * - KAMA (Perry Kaufman, with his 2 and 30 constants): ER = |Pₜ − Pₜ₋ₙ| ÷ Σ|Pᵢ − Pᵢ₋₁| over the
 *   last n changes (0 when prices did not move); SC = (ER·(2/3 − 2/31) + 2/31)²;
 *   KAMAₜ = KAMAₜ₋₁ + SC·(Pₜ − KAMAₜ₋₁); seeded with the SMA of the first n closes.
 * - DEMA (Patrick Mulloy): 2·EMA − EMA(EMA).
 * - TEMA (Patrick Mulloy): 3·EMA − 3·EMA(EMA) + EMA(EMA(EMA)).
 */
import Big from 'big.js';
import { withIndefiniteArticle } from '../text.js';

export const MOVING_AVERAGE_KINDS = ['SMA', 'EMA', 'WMA', 'HMA', 'SMMA', 'KAMA', 'DEMA', 'TEMA'] as const;
export type MovingAverageKind = (typeof MOVING_AVERAGE_KINDS)[number];

export interface ClosePoint {
  date: string;
  close: string;
}

export interface AveragePoint {
  date: string;
  /** The average, as a decimal string with 4 decimals. */
  value: string;
}

/** Largest window and number of closes one computation accepts. */
export const MAX_PRICE_SIZE = 5_000;

const INTERNAL_DECIMALS = 20;
const OUTPUT_DECIMALS = 4;
const KAMA_FAST = new Big(2).div(3);
const KAMA_SLOW = new Big(2).div(31);

function round(value: Big): Big {
  return value.round(INTERNAL_DECIMALS, Big.roundHalfUp);
}

function mean(values: readonly Big[], from: number, count: number): Big {
  let sum = new Big(0);
  for (let i = from; i < from + count; i++) sum = sum.plus(values[i] as Big);
  return round(sum.div(count));
}

/** SMA series: element k is the mean of values[k .. k + n − 1]. */
function smaSeries(values: readonly Big[], n: number): Big[] {
  if (values.length < n) return [];
  const out: Big[] = [];
  let sum = new Big(0);
  for (let i = 0; i < n; i++) sum = sum.plus(values[i] as Big);
  out.push(round(sum.div(n)));
  for (let i = n; i < values.length; i++) {
    sum = sum.plus(values[i] as Big).minus(values[i - n] as Big);
    out.push(round(sum.div(n)));
  }
  return out;
}

/**
 * A recursive average (EMA, SMMA, KAMA): element k belongs to values[k + n − 1]; element 0 is the SMA seed, each
 * later one `next(previous, t)` for values[t].
 */
function recursiveSeries(values: readonly Big[], n: number, next: (previous: Big, t: number) => Big): Big[] {
  if (values.length < n) return [];
  let current = mean(values, 0, n);
  const out = [current];
  for (let t = n; t < values.length; t++) {
    current = next(current, t);
    out.push(current);
  }
  return out;
}

/** EMA series: element k belongs to values[k + n − 1]; element 0 is the SMA seed. */
function emaSeries(values: readonly Big[], n: number): Big[] {
  const alpha = new Big(2).div(n + 1);
  const keep = new Big(1).minus(alpha);
  return recursiveSeries(values, n, (previous, t) => round(alpha.times(values[t] as Big).plus(keep.times(previous))));
}

/** WMA series with weights 1..n (newest n), kept exact with running sums. */
function wmaSeries(values: readonly Big[], n: number): Big[] {
  if (values.length < n) return [];
  const divisor = (n * (n + 1)) / 2;
  let weighted = new Big(0);
  let plain = new Big(0);
  for (let j = 0; j < n; j++) {
    weighted = weighted.plus((values[j] as Big).times(j + 1));
    plain = plain.plus(values[j] as Big);
  }
  const out = [round(weighted.div(divisor))];
  for (let i = n; i < values.length; i++) {
    // shifting the window lowers every weight by one (− plain) and adds the new close at n
    weighted = weighted.minus(plain).plus((values[i] as Big).times(n));
    plain = plain.plus(values[i] as Big).minus(values[i - n] as Big);
    out.push(round(weighted.div(divisor)));
  }
  return out;
}

function smmaSeries(values: readonly Big[], n: number): Big[] {
  return recursiveSeries(values, n, (previous, t) =>
    round(
      previous
        .times(n - 1)
        .plus(values[t] as Big)
        .div(n),
    ),
  );
}

function kamaSeries(values: readonly Big[], n: number): Big[] {
  return recursiveSeries(values, n, (previous, t) => {
    const direction = (values[t] as Big).minus(values[t - n] as Big).abs();
    let volatility = new Big(0);
    for (let i = t - n + 1; i <= t; i++)
      volatility = volatility.plus((values[i] as Big).minus(values[i - 1] as Big).abs());
    const efficiency = volatility.eq(0) ? new Big(0) : direction.div(volatility);
    const smoothing = round(efficiency.times(KAMA_FAST.minus(KAMA_SLOW)).plus(KAMA_SLOW).pow(2));
    return round(previous.plus(smoothing.times((values[t] as Big).minus(previous))));
  });
}

function demaSeries(values: readonly Big[], n: number): Big[] {
  const e1 = emaSeries(values, n);
  const e2 = emaSeries(e1, n);
  return e2.map((second, k) => (e1[k + n - 1] as Big).times(2).minus(second));
}

function temaSeries(values: readonly Big[], n: number): Big[] {
  const e1 = emaSeries(values, n);
  const e2 = emaSeries(e1, n);
  const e3 = emaSeries(e2, n);
  return e3.map((third, k) =>
    (e1[k + 2 * (n - 1)] as Big)
      .times(3)
      .minus((e2[k + n - 1] as Big).times(3))
      .plus(third),
  );
}

function hullHalf(n: number): number {
  return Math.max(1, Math.floor(n / 2));
}
function hullRoot(n: number): number {
  return Math.max(1, Math.floor(Math.sqrt(n)));
}

function hmaSeries(values: readonly Big[], n: number): Big[] {
  const half = hullHalf(n);
  const fast = wmaSeries(values, half);
  const slow = wmaSeries(values, n);
  // fast[k] belongs to values[k + half − 1], slow[k] to values[k + n − 1]
  const raw = slow.map((slowValue, k) => (fast[k + n - half] as Big).times(2).minus(slowValue));
  return wmaSeries(raw, hullRoot(n));
}

const SERIES: Record<MovingAverageKind, (values: readonly Big[], n: number) => Big[]> = {
  SMA: smaSeries,
  EMA: emaSeries,
  WMA: wmaSeries,
  HMA: hmaSeries,
  SMMA: smmaSeries,
  KAMA: kamaSeries,
  DEMA: demaSeries,
  TEMA: temaSeries,
};

/** How many closes come before the first point of `kind` with window n (its warm-up). */
export function warmUpLength(kind: MovingAverageKind, window: number): number {
  switch (kind) {
    case 'DEMA':
      return 2 * (window - 1);
    case 'TEMA':
      return 3 * (window - 1);
    case 'HMA':
      return window - 1 + hullRoot(window) - 1;
    default:
      return window - 1;
  }
}

/** The fewest closes that give at least one point. */
export function minimumPrices(kind: MovingAverageKind, window: number): number {
  return warmUpLength(kind, window) + 1;
}

export function isMovingAverageKind(value: string): value is MovingAverageKind {
  return (MOVING_AVERAGE_KINDS as readonly string[]).includes(value);
}

/**
 * The `kind` moving average of `prices` (oldest first) with window `window`: one point per close
 * from the end of the warm-up on. Throws RangeError with a message for people when the window
 * is not a whole number ≥ 1 or there are too few prices.
 */
export function movingAverage(kind: MovingAverageKind, prices: readonly ClosePoint[], window: number): AveragePoint[] {
  if (!Number.isInteger(window) || window < 1)
    throw new RangeError('The window size must be a whole number of at least 1');
  if (window > MAX_PRICE_SIZE) throw new RangeError(`The window size must be at most ${MAX_PRICE_SIZE}`);
  const needed = minimumPrices(kind, window);
  if (prices.length < needed) {
    throw new RangeError(
      `${withIndefiniteArticle(kind, true)} with window ${window} needs at least ${needed} prices; ${prices.length} ${prices.length === 1 ? 'is' : 'are'} available`,
    );
  }
  const values = prices.map((point) => new Big(point.close));
  const series = SERIES[kind](values, window);
  const offset = prices.length - series.length;
  return series.map((value, k) => ({
    date: (prices[k + offset] as ClosePoint).date,
    value: value.round(OUTPUT_DECIMALS, Big.roundHalfUp).toFixed(OUTPUT_DECIMALS),
  }));
}

/** Simple moving average (the product's SMA call): `priceSize − windowSize + 1` points. */
export function simpleMovingAverage(prices: readonly ClosePoint[], window: number): AveragePoint[] {
  return movingAverage('SMA', prices, window);
}

/** One-line descriptions for the User Guide and the average selector. */
export const MOVING_AVERAGE_NAMES: Record<MovingAverageKind, string> = {
  SMA: 'Simple Moving Average',
  EMA: 'Exponential Moving Average',
  WMA: 'Weighted Moving Average',
  HMA: 'Hull Moving Average',
  SMMA: 'Smoothed Moving Average',
  KAMA: 'Kaufman Adaptive Moving Average (AMA)',
  DEMA: 'Double Exponential Moving Average',
  TEMA: 'Triple Exponential Moving Average',
};
