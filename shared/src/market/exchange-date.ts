/**
 * Exchange dates: "today" is the date in India (the exchange's time zone), whatever the time zone
 * of the server or browser. The one helper for it: the API's defaults (corporate events, statements,
 * holdings, subscriptions), the BFF's and the web forms' all call this.
 */
import { EXCHANGE_TIME_ZONE } from '../constants.js';

// made on first use, not when the module loads: a time-zone format loads ICU's zone data, a cost a browser page
// should pay only when it needs today's date (docs/benchmarks.md#page-weight-and-speed)
let exchangeDateFormat: Intl.DateTimeFormat | undefined;

/** Today's exchange date as YYYY-MM-DD. */
export function exchangeToday(now: Date = new Date()): string {
  exchangeDateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: EXCHANGE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return exchangeDateFormat.format(now);
}

/**
 * India's offset from UTC in minutes: +05:30 all year (no daylight saving time, unchanged since 1945), so the
 * start of an exchange day is a fixed number of hours before UTC midnight.
 */
export const EXCHANGE_UTC_OFFSET_MINUTES = 330;

/** The exchange day holding the instant `now` (epoch ms), as [start, end): midnight to midnight in India, epoch ms. */
export function exchangeDayBounds(now: number): { start: number; end: number } {
  const [year, month, day] = exchangeToday(new Date(now)).split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year, month - 1, day) - EXCHANGE_UTC_OFFSET_MINUTES * 60_000;
  return { start, end: start + 86_400_000 };
}
