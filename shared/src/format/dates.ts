/**
 * Dates as every screen shows them (docs/product/common.md#dates): dd-Mmm-yyyy ("15-Mar-2025") for exchange
 * dates, and "15-Mar-2025 16:00" (India time, 24-hour) for moments. Exchange dates (YYYY-MM-DD) are read from the
 * text, never through Date, so no time zone can shift them.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-03-15" → "15-Mar-2025"; other text is returned as it is; nothing for no date. */
export function formatMarketDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${match[3]}-${MONTHS[Number(match[2]) - 1] ?? match[2]}-${match[1]}`;
}

// made on first use: a time-zone format loads ICU's zone data (~50 ms of a phone's main thread), which a page that
// never shows a moment should not pay while it starts (docs/benchmarks.md#page-weight-and-speed)
let istParts: Intl.DateTimeFormat | undefined;
function istPartsFormat(): Intl.DateTimeFormat {
  istParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return istParts;
}

/** An ISO timestamp's India-time date (YYYY-MM-DD) and time (HH:MM); undefined for no or an unreadable timestamp. */
function istDateAndTime(iso: string | null | undefined): { date: string; time: string } | undefined {
  if (!iso) return undefined;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  const parts = Object.fromEntries(
    istPartsFormat()
      .formatToParts(time)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An ISO timestamp as "15-Mar-2025 16:00" in India time; nothing for no or an unreadable timestamp. */
export function formatDateTime(iso: string | null | undefined): string {
  const moment = istDateAndTime(iso);
  return moment ? `${formatMarketDate(moment.date)} ${moment.time}` : '';
}

/**
 * An ISO timestamp as "2025-03-15 16:00" in India time (the moment as the screens show it), which spreadsheets read
 * as a date and time; nothing for no or an unreadable timestamp.
 */
export function formatSpreadsheetDateTime(iso: string | null | undefined): string {
  const moment = istDateAndTime(iso);
  return moment ? `${moment.date} ${moment.time}` : '';
}

/** An exchange date inside text: YYYY-MM-DD with a real month and day, not the start of a timestamp. */
const DATE_IN_TEXT = /\b\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b(?!T\d)/g;

/**
 * Text written by the server (alerts, upload messages and problems) with every YYYY-MM-DD date in it as
 * dd-Mmm-yyyy, so a screen shows one date format (docs/product/common.md#dates).
 */
export function formatDatesInText(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(DATE_IN_TEXT, (date) => formatMarketDate(date));
}
