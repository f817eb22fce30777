/**
 * The trading day a market page shows (docs/product/market.md#any-day): the one in its address, else the
 * latest trading day; and the note that says which day it is.
 */
import { formatMarketDate } from '../../../lib/dates';

export interface ShownTradeDate {
  /** The trading day shown (YYYY-MM-DD), or null while neither the address nor the trading days name one. */
  tradeDate: string | null;
  /** The latest trading day, once the trading days are known. */
  latestTradeDate: string | null;
  /** Whether the page shows the latest trading day (no day in the address, or the latest one). */
  isLatest: boolean;
}

/** The address parameter naming the trading day on every market page (docs/product/market.md#any-day). */
export const TRADE_DATE_PARAM = 'asOf';
/** Stock Prices' former name for it, still read so shared and bookmarked addresses keep their day. */
const FORMER_TRADE_DATE_PARAM = 'date';

/** The trading day an address names (`?asOf=`, or Stock Prices' former `?date=`), or null for the latest. */
export function readTradeDateParam(searchParams: URLSearchParams): string | null {
  return searchParams.get(TRADE_DATE_PARAM) || searchParams.get(FORMER_TRADE_DATE_PARAM) || null;
}

/** The address parameters for a picked day: none for the latest trading day (or none picked), else `asOf`. */
export function tradeDateParams(picked: string | null, latestTradeDate: string | null): Record<string, string> {
  return picked && picked !== latestTradeDate ? { [TRADE_DATE_PARAM]: picked } : {};
}

/** The trading day from the address parameter (readTradeDateParam) and the trading days (ascending). */
export function tradeDateFromParam(param: string | null, tradeDates: readonly string[] | undefined): ShownTradeDate {
  const latestTradeDate = tradeDates?.at(-1) ?? null;
  const tradeDate = param || latestTradeDate;
  return { tradeDate, latestTradeDate, isLatest: !param || param === latestTradeDate };
}

/** "Prices of 13-Mar-2020; the latest trading day is 31-Mar-2020" (the second part only for a past day). */
export function tradeDateNote(prefix: string, tradeDate: string, latestTradeDate: string | null): string {
  const shown = `${prefix} ${formatMarketDate(tradeDate)}`;
  return latestTradeDate && tradeDate < latestTradeDate
    ? `${shown}; the latest trading day is ${formatMarketDate(latestTradeDate)}`
    : shown;
}

/**
 * Whether a page shows the trading-day picker: while the trading days load (disabled, holding its place so nothing
 * moves when they arrive) and when there are some; not when there are none or they could not be read.
 */
export function showsPicker(tradeDates: readonly string[] | undefined, error: unknown): boolean {
  return tradeDates ? tradeDates.length > 0 : !error;
}

/**
 * The least height of a market page until its first answer: a screen, so the footer under it starts below the
 * screen and does not jump when the table or the lists arrive (a layout shift on every visit otherwise).
 */
export const LOADING_MIN_HEIGHT = '100vh';
