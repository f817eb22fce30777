/**
 * Date display helpers. Market dates (YYYY-MM-DD) are formatted without time-zone shifts. Today on
 * the exchange is `exchangeToday` from @bazaar/shared.
 */
const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** "Nov 23, 2026, 9:30:00 AM" (Angular's "medium" format of the old app) for an ISO timestamp. */
export function formatMediumDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : medium.format(time);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-03-15" → "15-Mar-2025", straight from the text (no Date, so no time-zone shift). */
export function formatMarketDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${match[3]}-${MONTHS[Number(match[2]) - 1] ?? match[2]}-${match[1]}`;
}
