/**
 * The caller's Stock Watch List (/user/watchlist): the symbols they follow, each with its latest
 * close and day's change, its 12-month high and low and the distance from each, and the trend
 * lists it is in today (docs/product/portfolio.md#stock-watch-list).
 */
import { z } from 'zod';
import { TREND_PERIODS } from '../../constants.js';
import { symbolParam } from '../../validation/market.js';
import { periodCoverageDtoSchema } from '../market/technical-analysis.js';
import { encodeCursor, pageQueryShape } from '../paging.js';

/** The most symbols one user's list holds. */
export const MAX_WATCHLIST_SYMBOLS = 200;
export const WATCHLIST_FULL_MESSAGE = `Your watch list is full: it holds at most ${MAX_WATCHLIST_SYMBOLS} symbols. Remove one to add another.`;

export const trendMembershipDtoSchema = z
  .object({
    direction: z.enum(['HIGH', 'LOW']),
    period: z.enum(TREND_PERIODS),
    label: z.string().describe('How the list reads, e.g. "new 52-week high"'),
  })
  .describe('A trend list of the latest trading day the symbol is in');
export type TrendMembershipDto = z.infer<typeof trendMembershipDtoSchema>;

export const watchlistRowDtoSchema = z
  .object({
    symbol: z.string(),
    companyName: z.string().nullable().describe('From the company list; null when the company is not listed there'),
    closePrice: z.string().nullable().describe('Latest close of the symbol’s equity series'),
    priceDate: z.string().nullable().describe('Exchange date of closePrice'),
    changePerDay: z.string().nullable().describe('closePrice − the close of the trading day before, 2 decimals'),
    changePercent: z.string().nullable().describe('changePerDay ÷ the previous close × 100, 2 decimals'),
    yearHigh: z.string().nullable().describe('Highest high of the 12 months ending on the latest trading day'),
    yearLow: z.string().nullable().describe('Lowest low of the same 12 months'),
    fromHighPercent: z
      .string()
      .nullable()
      .describe('(closePrice − yearHigh) ÷ yearHigh × 100, 2 decimals: 0 at the high, negative below it'),
    fromLowPercent: z
      .string()
      .nullable()
      .describe('(closePrice − yearLow) ÷ yearLow × 100, 2 decimals: 0 at the low, positive above it'),
    trends: z.array(trendMembershipDtoSchema).describe('The trend lists of the latest trading day the symbol is in'),
    yearCoverage: periodCoverageDtoSchema
      .nullable()
      .describe(
        'Whether the loaded prices cover the 12 months of yearHigh and yearLow (the YEARLY window of the latest trading day); when covered is false they are the high and low of only tradingDaysLoaded days. Null before any prices',
      ),
    addedAt: z.string().describe('When it was added (ISO timestamp)'),
  })
  .describe('A symbol on the caller’s watch list with its latest figures');
export type WatchlistRowDto = z.infer<typeof watchlistRowDtoSchema>;

/** GET /user/watchlist: the whole list, or a page of it (docs/integrators.md#paging). */
export const watchlistQuerySchema = z.object(pageQueryShape);
export type WatchlistQuery = z.input<typeof watchlistQuerySchema>;

/** The list is ordered by symbol: a page's cursor is its last symbol. */
export const WATCHLIST_CURSOR_KINDS = ['string'] as const;
export function watchlistCursor(row: Pick<WatchlistRowDto, 'symbol'>): string {
  return encodeCursor([row.symbol]);
}

/** POST /user/watchlist. */
export const watchlistBodySchema = z.object({ symbol: symbolParam() });
export type WatchlistBody = z.input<typeof watchlistBodySchema>;

/** DELETE /user/watchlist/{symbol}. */
export const watchlistParamsSchema = z.object({ symbol: symbolParam() });
