/**
 * XIRR: the yearly rate r at which a set of dated cash flows is worth nothing today,
 *   Σ amount_i / (1 + r)^((date_i − date_0) / 365) = 0
 * (amounts negative for money paid in, positive for money taken out; date_0 the earliest date;
 * the same convention as spreadsheets' XIRR). See docs/decisions.md#xirr.
 *
 * Newton's method from 10 %, and when it leaves the domain or does not settle, bisection over a
 * bracket where the sum changes sign. Answers null when no rate exists: fewer than two flows, all
 * flows on one day, or flows that are all of one sign (once the flows of each date are added up).
 */

export interface CashFlow {
  /** YYYY-MM-DD. */
  date: string;
  /** Negative: paid in (a buy); positive: taken out (a sell, a dividend, the value today). */
  amount: number;
}

const DAY_MS = 86_400_000;
const TOLERANCE = 1e-10;
/** The rate cannot reach −100 %: (1 + r) must stay positive. */
const LOWEST_RATE = -0.999_999_999;
const HIGHEST_RATE = 1e9;

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The yearly rate as a fraction (0.1 = 10 %), or null when the flows have none. */
export function xirr(flows: readonly CashFlow[]): number | null {
  // the flows of one date as one (their sum): the same function of the rate with a term per date, not per
  // flow (a dashboard's hundreds of holdings share a few buying dates and today); a date summing to 0 adds nothing
  const byDate = new Map<string, number>();
  for (const flow of flows)
    if (Number.isFinite(flow.amount) && flow.amount !== 0)
      byDate.set(flow.date, (byDate.get(flow.date) ?? 0) + flow.amount);
  const used: CashFlow[] = [];
  for (const [date, amount] of byDate) if (amount !== 0) used.push({ date, amount });
  if (used.length < 2) return null;
  if (!used.some((flow) => flow.amount < 0) || !used.some((flow) => flow.amount > 0)) return null;
  const days = used.map((flow) => dayNumber(flow.date));
  const first = Math.min(...days);
  const years = days.map((day) => (day - first) / 365);
  if (years.every((t) => t === 0)) return null;

  const value = (rate: number): number => {
    const log = Math.log1p(rate);
    let sum = 0;
    for (let i = 0; i < used.length; i++) sum += (used[i] as CashFlow).amount * Math.exp(-(years[i] as number) * log);
    return sum;
  };
  const slope = (rate: number): number => {
    const log = Math.log1p(rate);
    let sum = 0;
    for (let i = 0; i < used.length; i++) {
      const t = years[i] as number;
      sum -= t * (used[i] as CashFlow).amount * Math.exp(-(t + 1) * log);
    }
    return sum;
  };

  let rate = 0.1;
  for (let step = 0; step < 100; step++) {
    const f = value(rate);
    const df = slope(rate);
    if (!Number.isFinite(f) || !Number.isFinite(df) || df === 0) break;
    const next = rate - f / df;
    if (!Number.isFinite(next) || next <= LOWEST_RATE || next > HIGHEST_RATE) break;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    rate = next;
  }
  return bisect(value);
}

/** Bisection over the first bracket (scanning outward from 0) where the sum changes sign. */
function bisect(value: (rate: number) => number): number | null {
  const marks = [0];
  for (let r = 0.05; r < HIGHEST_RATE; r *= 2) marks.push(r);
  for (let r = -0.05; r > LOWEST_RATE; r = -1 + (1 + r) / 2) marks.unshift(r);
  marks.unshift(LOWEST_RATE);
  marks.push(HIGHEST_RATE);
  for (let i = 0; i + 1 < marks.length; i++) {
    let lo = marks[i] as number;
    let hi = marks[i + 1] as number;
    let fLo = value(lo);
    const fHi = value(hi);
    if (!Number.isFinite(fLo) || !Number.isFinite(fHi)) continue;
    if (fLo === 0) return lo;
    if (Math.sign(fLo) === Math.sign(fHi)) continue;
    for (let step = 0; step < 200 && hi - lo > TOLERANCE * Math.max(1, Math.abs(lo)); step++) {
      const mid = (lo + hi) / 2;
      const fMid = value(mid);
      if (fMid === 0) return mid;
      if (Math.sign(fMid) === Math.sign(fLo)) {
        lo = mid;
        fLo = fMid;
      } else hi = mid;
    }
    return (lo + hi) / 2;
  }
  return null;
}
