/**
 * /public/technical-analysis: the simple moving average (POST …/stocks/sma with query parameters
 * and an empty body) and the state of the precomputed trend lists.
 */
import { z } from 'zod';
import { AVERAGE_SIZE_MESSAGES, checkAverageSizes } from '../../market/average-sizes.js';
import { symbolParam } from '../../validation/market.js';
import { adjustedParam, dateText } from './fields.js';

/** The sizes arrive as query text and are checked by the one average-size rule. */
export const smaQuerySchema = z
  .object({
    symbol: symbolParam(),
    priceSize: z.string({ error: AVERAGE_SIZE_MESSAGES.priceSize }).describe('How many of the latest closes'),
    windowSize: z.string({ error: AVERAGE_SIZE_MESSAGES.windowSize }).describe('The window'),
    adjusted: adjustedParam(),
  })
  .transform((query, context) => {
    const sizes = checkAverageSizes(query.priceSize, query.windowSize);
    if ('message' in sizes) {
      context.addIssue({ code: 'custom', message: sizes.message, path: [sizes.field] });
      return z.NEVER;
    }
    return { symbol: query.symbol, ...sizes, adjusted: query.adjusted };
  });
export interface SmaQuery {
  symbol: string;
  priceSize: number;
  windowSize: number;
  /** false: the raw closes; absent or true: adjusted. */
  adjusted?: boolean;
}

export const averagePointDtoSchema = z
  .object({ date: dateText, value: z.string().describe('The average, 4 decimals') })
  .describe('One point of the average');
export type AveragePointDto = z.infer<typeof averagePointDtoSchema>;

export const smaResponseSchema = z.array(averagePointDtoSchema);

export const analysisStateDtoSchema = z.object({
  asOf: dateText.nullable().describe('D when the lists were computed; null before any prices'),
  version: z.number().int().describe('Increases with every computation'),
  computedAt: z.string().nullable().describe('ISO timestamp of the computation'),
  durationMs: z.number().int().nullable(),
});
export type AnalysisStateDto = z.infer<typeof analysisStateDtoSchema>;
