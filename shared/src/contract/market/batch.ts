/**
 * Batched reads for programs (docs/integrators.md#batching): the latest quotes and the candles of up
 * to MAX_BATCH_SYMBOLS symbols in one call, GET /public/stock-prices/quotes and
 * GET /public/stock-prices/candles. A symbol without any prices loaded is a 400 naming it (details:
 * `{unknownSymbols}`), so a typo is never answered as an empty history.
 */
import { z } from 'zod';
import { MAX_BATCH_SYMBOLS } from '../../constants.js';
import { candleIntervalParam, dateParam, symbolListParam } from '../../validation/market.js';
import { adjustedParam } from './fields.js';
import { candleDtoSchema } from './stock-prices.js';

export const batchQuotesQuerySchema = z.object({ symbols: symbolListParam(MAX_BATCH_SYMBOLS) });
export type BatchQuotesQuery = z.input<typeof batchQuotesQuerySchema>;

export const batchCandlesQuerySchema = z.object({
  symbols: symbolListParam(MAX_BATCH_SYMBOLS),
  interval: candleIntervalParam().default('DAY'),
  from: dateParam('from').optional().describe('First trading day counted; the whole history when absent'),
  to: dateParam('to').optional().describe('Last trading day counted; up to D when absent'),
  adjusted: adjustedParam(),
});
export type BatchCandlesQuery = z.input<typeof batchCandlesQuerySchema>;

export const symbolCandlesDtoSchema = z
  .object({ symbol: z.string(), candles: z.array(candleDtoSchema).describe('Oldest first') })
  .describe('One symbol’s candles');
export type SymbolCandlesDto = z.infer<typeof symbolCandlesDtoSchema>;

/** The details of the 400 for symbols without prices. */
export const unknownSymbolsDetailsSchema = z.object({ unknownSymbols: z.array(z.string()) });
export type UnknownSymbolsDetails = z.infer<typeof unknownSymbolsDetailsSchema>;
