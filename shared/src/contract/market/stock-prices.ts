/**
 * GET /public/stock-prices (every symbol's row on D, or one symbol's candles, either a page at a
 * time: docs/integrators.md#paging) and GET /public/stock-prices/stock-prices-for-period (a
 * symbol's closes over a period's window). The cursors of their pages are built here, for the API
 * that answers them and the BFF that makes Relay edges of them.
 */
import { z } from 'zod';
import { candleIntervalParam, dateParam, periodParam, symbolParam } from '../../validation/market.js';
import { encodeCursor, pageQueryShape } from '../paging.js';
import { adjustedParam, dateText, decimalText } from './fields.js';
import { periodCoverageDtoSchema } from './technical-analysis.js';

/** A trading day's prices of a symbol: the fields of a candle, also the start of a row. */
const candleShape = {
  date: dateText,
  openPrice: decimalText,
  highPrice: decimalText,
  lowPrice: decimalText,
  closePrice: decimalText,
};

export const stockPriceRowDtoSchema = z
  .object({
    symbol: z.string(),
    series: z.string().describe('EQ, BE, BZ, SM or ST'),
    ...candleShape,
    lastPrice: decimalText.nullable(),
    previousClose: decimalText
      .nullable()
      .describe(
        "The symbol's previous trading close (its latest earlier equity row), adjusted for the splits, bonuses and consolidations with an ex-date after it and on or before this day (raw with adjusted=false); the bhavcopy's PREVCLOSE only when no earlier row is loaded",
      ),
    changePerDay: decimalText.nullable().describe('closePrice − previousClose, 2 decimals'),
    changePercent: decimalText.nullable().describe('changePerDay ÷ previousClose × 100, 2 decimals'),
    volume: z.number().int().nullable().describe('Shares traded (TOTTRDQTY)'),
    isin: z.string().nullable(),
  })
  .describe("A symbol's prices on a trading day (the latest by default)");
export type StockPriceRowDto = z.infer<typeof stockPriceRowDtoSchema>;

export const candleDtoSchema = z
  .object({
    ...candleShape,
    volume: z
      .number()
      .int()
      .nullable()
      .describe(
        'Shares traded (TOTTRDQTY), summed over a week or month (null when no day of it has one); adjusted like the prices: × the divisor the prices are ÷ by, rounded to whole shares',
      ),
  })
  .describe(
    'A trading day of a symbol, or a week or month of them dated by its first trading day (the first open, the highest high, the lowest low, the last close)',
  );
export type CandleDto = z.infer<typeof candleDtoSchema>;

/** A page of a day's prices is ordered by symbol, then series: its cursor is the day and the last row's symbol and series. */
export const STOCK_PRICE_CURSOR_KINDS = ['date', 'string', 'string'] as const;
export function stockPriceCursor(row: Pick<StockPriceRowDto, 'date' | 'symbol' | 'series'>): string {
  return encodeCursor([row.date, row.symbol, row.series]);
}

/**
 * A page of candles is ordered by date: its cursor is the symbol, the last candle's date and the
 * basis of its prices (CandleBasis): a cursor from before a corporate action changed the
 * symbol's adjusted history is refused rather than continued in other units.
 */
export const CANDLE_CURSOR_KINDS = ['string', 'date', 'string'] as const;
export function candleCursor(symbol: string, date: string, basis: string): string {
  return encodeCursor([symbol, date, basis]);
}

export const stockPricesQuerySchema = z.object({
  date: dateParam('date')
    .optional()
    .describe(
      'Without symbol: the trading day whose rows to answer (default D, the latest); a day without prices is a 404',
    ),
  symbol: symbolParam().optional().describe('An NSE symbol, e.g. RELIANCE'),
  from: dateParam('from').optional().describe('First date of the candles (with symbol)'),
  to: dateParam('to').optional().describe('Last date of the candles (with symbol)'),
  interval: candleIntervalParam().optional(),
  adjusted: adjustedParam(),
  ...pageQueryShape,
});
export type StockPricesQuery = z.input<typeof stockPricesQuerySchema>;

/** Without a symbol the rows of D; with one, its candles. */
export const stockPricesResponseSchema = z.union([z.array(stockPriceRowDtoSchema), z.array(candleDtoSchema)]);

export const priceSeriesQuerySchema = z.object({
  type: periodParam(),
  symbol: symbolParam(),
  adjusted: adjustedParam(),
});
export type PriceSeriesQuery = z.input<typeof priceSeriesQuerySchema>;

export const priceSeriesDtoSchema = z
  .object({
    dates: z.array(dateText),
    prices: z.array(decimalText),
    coverage: periodCoverageDtoSchema
      .nullable()
      .describe(
        "Whether the loaded prices cover the window (it ends on the symbol's latest trading day): where `covered` is false the closes describe only `tradingDaysLoaded` trading days, not the whole period (docs/product/market.md#short-history); null for a symbol without prices",
      ),
  })
  .describe("A symbol's closes in the period's window, oldest first (adjusted unless adjusted=false)");
export type PriceSeriesDto = z.infer<typeof priceSeriesDtoSchema>;

export const tradingDaysResponseSchema = z
  .array(dateText)
  .describe('The trading days with uploaded prices, ascending (the days Stock Prices and Technical Analysis can show)');
