/**
 * Trend periods and their date windows (docs/product/market.md, Rules). A period's window ends on the
 * latest date with prices, D, and holds the dates t with D − P < t ≤ D, where P is counted in
 * calendar terms: WEEKLY 7 days, MONTHLY 1 month, QUARTERLY 3 months, HALFYEARLY 6 months,
 * YEARLY 12 months. Month arithmetic clamps to the end of the month (31 March − 1 month =
 * 29 February in a leap year). Dates are 'YYYY-MM-DD' strings; the arithmetic is done on the
 * calendar numbers, never on local-time Date objects, so the time zone cannot shift a day.
 */
import { TREND_PERIODS, type TrendPeriod } from '../constants.js';
import { formatMarketDate } from '../format/dates.js';

/** The exchange series that are equity shares: lists and analysis use only these. */
export const EQUITY_SERIES = ['EQ', 'BE', 'BZ', 'SM', 'ST'] as const;
export type EquitySeries = (typeof EQUITY_SERIES)[number];

export function isEquitySeries(series: string): series is EquitySeries {
  return (EQUITY_SERIES as readonly string[]).includes(series);
}

/** The length of each period, in days or months. */
export const PERIOD_LENGTHS: Record<TrendPeriod, { days: number } | { months: number }> = {
  WEEKLY: { days: 7 },
  MONTHLY: { months: 1 },
  QUARTERLY: { months: 3 },
  HALFYEARLY: { months: 6 },
  YEARLY: { months: 12 },
};

export function isTrendPeriod(value: string): value is TrendPeriod {
  return (TREND_PERIODS as readonly string[]).includes(value);
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  // day 0 of the next month is the last day of this one; UTC, so no time zone is involved
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** date − n days (n may be negative). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return format(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** The `count` weekdays (Monday to Friday) ending on `lastDay` (included when a weekday), oldest first. */
export function weekdaysEndingOn(lastDay: string, count: number): string[] {
  const days: string[] = [];
  for (let day = lastDay; days.length < count; day = addDays(day, -1)) {
    const [year, month, date] = parts(day);
    const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days.reverse();
}

/** date + n months, clamped to the last day of the target month. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * D − P: the exclusive lower bound of the period's window (the window is `bound < t ≤ D`).
 * e.g. WEEKLY of 2020-03-31 → 2020-03-24; MONTHLY of 2020-03-31 → 2020-02-29.
 */
export function periodWindowStart(asOf: string, period: TrendPeriod): string {
  const length = PERIOD_LENGTHS[period];
  return 'days' in length ? addDays(asOf, -length.days) : addMonths(asOf, -length.months);
}

/** Whether `date` is inside the window of `period` ending on `asOf`. */
export function isInPeriodWindow(date: string, asOf: string, period: TrendPeriod): boolean {
  return date > periodWindowStart(asOf, period) && date <= asOf;
}

/**
 * Whether the loaded history covers a period's window (docs/product/market.md#short-history): every
 * figure read from a window (the trend lists, the 12-month high and low, a "52-week" claim) says
 * whether it is, so 40 loaded days are never presented as a year.
 */
export interface PeriodCoverage {
  /** True when the loaded prices reach back to the window's start: a day on or before it is loaded. */
  covered: boolean;
  /** D − P, the window's exclusive start (the window is windowStart < t ≤ D). */
  windowStart: string;
  /** The earliest trading day loaded at all; null before any prices. */
  firstLoadedDate: string | null;
  /** The trading days loaded inside the window (windowStart < t ≤ D). */
  tradingDaysLoaded: number;
}

/**
 * The coverage rule, the one place it is decided. A window is covered when a trading day on or
 * before its start is loaded: the history then begins before the window, so no day of it is
 * missing. Without a holiday calendar a history starting on the window's first trading day cannot
 * be told from one missing days, so it counts as not covered (the cautious side: a claim is made
 * only when it is sure).
 */
export function periodCoverage(
  windowStart: string,
  firstLoadedDate: string | null,
  tradingDaysLoaded: number,
): PeriodCoverage {
  return {
    covered: firstLoadedDate !== null && firstLoadedDate <= windowStart,
    windowStart,
    firstLoadedDate,
    tradingDaysLoaded,
  };
}

/** A period's window in words, for "not the full year". */
const PERIOD_WINDOW_WORDS: Record<TrendPeriod, string> = {
  WEEKLY: 'week',
  MONTHLY: 'month',
  QUARTERLY: 'quarter',
  HALFYEARLY: 'half year',
  YEARLY: 'year',
};

/**
 * What a screen says under a figure whose window is not covered, e.g. "Only 40 trading days loaded:
 * this list covers 03-Feb-2020 to 31-Mar-2020, not the full year"; null when it is covered.
 * `whatCovers` names the figure with its verb ("this list covers", "these highs and lows cover").
 */
export function coverageNote(
  period: TrendPeriod,
  coverage: PeriodCoverage,
  asOf: string,
  whatCovers = 'this list covers',
): string | null {
  if (coverage.covered) return null;
  const days = `${coverage.tradingDaysLoaded} trading ${coverage.tradingDaysLoaded === 1 ? 'day' : 'days'}`;
  if (coverage.firstLoadedDate === null) return 'No trading days loaded';
  return (
    `Only ${days} loaded: ${whatCovers} ${formatMarketDate(coverage.firstLoadedDate)} to ` +
    `${formatMarketDate(asOf)}, not the full ${PERIOD_WINDOW_WORDS[period]}`
  );
}
