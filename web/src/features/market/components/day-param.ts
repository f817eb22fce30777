/**
 * The day a market page shows (docs/product/market.md#any-day): the one in its address, else the
 * latest trading day; and the note that says which day it is.
 */
import { formatMarketDate } from '../../../lib/dates';

export interface ShownDay {
  /** The day shown (YYYY-MM-DD), or null while neither the address nor the trading days name one. */
  day: string | null;
  /** The latest trading day, once the trading days are known. */
  latest: string | null;
  /** Whether the page shows the latest day (no day in the address, or the latest one). */
  isLatest: boolean;
}

/** The day from the address parameter and the trading days (ascending). */
export function dayFromParam(param: string | null, days: readonly string[] | undefined): ShownDay {
  const latest = days?.at(-1) ?? null;
  const day = param || latest;
  return { day, latest, isLatest: !param || param === latest };
}

/** "Prices of 13-Mar-2020; the latest trading day is 31-Mar-2020" (the second part only for a past day). */
export function dayNote(prefix: string, day: string, latest: string | null): string {
  const shown = `${prefix} ${formatMarketDate(day)}`;
  return latest && day < latest ? `${shown}; the latest trading day is ${formatMarketDate(latest)}` : shown;
}

/**
 * Whether a page shows the trading-day picker: while the days load (disabled, holding its place so nothing moves
 * when they arrive) and when there are days; not when there are none or they could not be read.
 */
export function showsPicker(days: readonly string[] | undefined, error: unknown): boolean {
  return days ? days.length > 0 : !error;
}

/**
 * The least height of a market page until its first answer: a screen, so the footer under it starts below the
 * screen and does not jump when the table or the lists arrive (a layout shift on every visit otherwise).
 */
export const LOADING_MIN_HEIGHT = '100vh';
