/**
 * The precomputed trend reads: GET /public/stock-prices/weeks-high and weeks-low (one trend list,
 * keyed by symbol in list order) and GET /public/stock-prices/highestStockPriceByStock (every
 * symbol's 12-month high and low, keyed by symbol).
 */
import { z } from 'zod';
import { dateParam, periodParam } from '../../validation/market.js';
import { adjustedParam, dateText, decimalText } from './fields.js';

/** A past trading day to compute for instead of D (docs/product/market.md#any-day). */
const asOfParam = () =>
  dateParam('asOf')
    .optional()
    .describe('A trading day to compute the list for instead of D (the latest); a day without equity prices is a 404');

export const trendQuerySchema = z.object({ type: periodParam(), asOf: asOfParam(), adjusted: adjustedParam() });
export type TrendQuery = z.input<typeof trendQuerySchema>;

export const trendValueDtoSchema = z
  .object({
    position: z
      .number()
      .int()
      .describe('1-based place in the list (JSON object order is not guaranteed by every client)'),
    change: decimalText.describe('Present close − previous close, 2 decimals'),
    changePercent: decimalText.nullable().describe('change ÷ previous close × 100, 2 decimals'),
    earlierExtreme: decimalText.describe(
      'The highest high (weeks-high) or lowest low (weeks-low) of the earlier rows in the window (adjusted unless adjusted=false)',
    ),
    Present: z
      .object({
        symbol: z.string(),
        series: z.string(),
        date: dateText,
        openPrice: decimalText,
        highPrice: decimalText,
        lowPrice: decimalText,
        closePrice: decimalText,
        volume: z.number().int().nullable(),
      })
      .describe("The symbol's row on the latest trading day D"),
    Previous: z
      .object({ date: dateText, closePrice: decimalText })
      .describe(
        "The symbol's latest row before D, its close adjusted for the events effective on D with an ex-date after it (raw with adjusted=false): the same previous close as the Stock Prices list's",
      ),
  })
  .describe('A symbol in a trend list');
export type TrendValueDto = z.infer<typeof trendValueDtoSchema>;

export const trendResponseSchema = z.record(z.string(), trendValueDtoSchema).describe('Keyed by symbol, in list order');
export type TrendResponseDto = z.infer<typeof trendResponseSchema>;

export const priceExtremeDtoSchema = z
  .object({ symbol: z.string(), highPrice: decimalText, highDate: dateText, lowPrice: decimalText, lowDate: dateText })
  .describe('Highest high and lowest low in the YEARLY window, each with the latest date it was reached');
export type PriceExtremeDto = z.infer<typeof priceExtremeDtoSchema>;

export const priceExtremesQuerySchema = z.object({ asOf: asOfParam(), adjusted: adjustedParam() });
export type PriceExtremesQuery = z.input<typeof priceExtremesQuerySchema>;

export const priceExtremesResponseSchema = z.record(z.string(), priceExtremeDtoSchema).describe('Keyed by symbol');
export type PriceExtremesResponseDto = z.infer<typeof priceExtremesResponseSchema>;
