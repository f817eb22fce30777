/** Exchange dates: "today" is the date in India, whatever the server's or browser's time zone. */
import { EXCHANGE_TIME_ZONE } from '../constants.js';

const exchangeDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: EXCHANGE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's exchange date as YYYY-MM-DD. */
export function exchangeToday(now: Date = new Date()): string {
  return exchangeDateFormat.format(now);
}
