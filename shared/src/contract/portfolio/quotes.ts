/** Quotes for holdings: a symbol's current price (its latest equity-series close) and the day's change. */
import { z } from 'zod';

/** The most symbols one GET /user/current-prices call (and one GraphQL stockQuotes read) carries. */
export const MAX_QUOTE_SYMBOLS = 500;

export const latestPriceDtoSchema = z
  .object({
    symbol: z.string(),
    closePrice: z.string().describe('The latest close of an equity series: the current price'),
    tradeDate: z.string().describe('YYYY-MM-DD exchange date of closePrice'),
    series: z.string().describe('EQ, BE, BZ, SM or ST'),
    previousClose: z
      .string()
      .nullable()
      .describe(
        'Close of the trading day before tradeDate, when loaded, adjusted for the splits and bonuses with ex-date tradeDate (÷ their factors), so the day’s change is the same as the Stock Prices list’s',
      ),
    change: z.string().nullable().describe('closePrice − previousClose'),
  })
  .describe('A symbol’s latest close (equity series) and the change from the trading day before');
export type LatestPriceDto = z.infer<typeof latestPriceDtoSchema>;

/** GET /user/current-prices. */
export const currentPricesQuerySchema = z.object({
  symbols: z.string().max(30_000).optional().describe(`Comma-separated symbols, up to ${MAX_QUOTE_SYMBOLS}`),
});

/** GET /user/current-prices/search: the holding form's symbol dropdown. */
export const symbolSearchQuerySchema = z.object({
  q: z.string().max(50).default('').describe('The typed text'),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 50').max(50, 'limit must be 1 to 50').default(20),
});
