/**
 * Exchange dates: "today" is the date in India (the exchange's time zone), whatever the time zone
 * of the server or browser. The one helper for it: the API's defaults (corporate events, statements,
 * holdings, subscriptions), the BFF's and the web forms' all call this.
 */
import { EXCHANGE_TIME_ZONE } from '../constants.js';

// made on first use, not when the module loads: a time-zone format loads ICU's zone data, a cost a browser page
// should pay only when it needs today's date (README.md#page-weight-and-speed)
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
