/**
 * /public/technical-analysis: the simple moving average (POST …/stocks/sma with query parameters
 * and an empty body) and the state of the precomputed trend lists.
 */
import { z } from 'zod';
import { AVERAGE_SIZE_MESSAGES, checkAverageSizes } from '../../market/average-sizes.js';
import { TREND_PERIODS } from '../../constants.js';
import { dateParam, symbolParam } from '../../validation/market.js';
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

/** Whether the loaded prices cover one period's window (market/periods.ts#periodCoverage, docs/product/market.md#short-history). */
export const periodCoverageDtoSchema = z
  .object({
    period: z.enum(TREND_PERIODS),
    covered: z
      .boolean()
      .describe(
        'True when a trading day on or before windowStart is loaded, so the window has no missing day; false: the figures of this period describe only tradingDaysLoaded days, not the whole period',
      ),
    windowStart: dateText.describe('D − P, the exclusive start of the window (windowStart < t ≤ D)'),
    firstLoadedDate: dateText.nullable().describe('The earliest trading day with prices loaded; null before any'),
    tradingDaysLoaded: z.number().int().describe('Trading days with prices loaded inside the window'),
  })
  .describe("Whether a period's window is covered by the loaded prices");
export type PeriodCoverageDto = z.infer<typeof periodCoverageDtoSchema>;

export const analysisStateQuerySchema = z.object({
  asOf: dateParam('asOf')
    .optional()
    .describe('The trading day whose windows `coverage` describes (a trend read’s asOf); D by default'),
});

export const analysisStateDtoSchema = z.object({
  asOf: dateText.nullable().describe('D when the lists were computed; null before any prices'),
  version: z.number().int().describe('Increases with every computation'),
  computedAt: z.string().nullable().describe('ISO timestamp of the computation'),
  durationMs: z.number().int().nullable(),
  coverage: z
    .array(periodCoverageDtoSchema)
    .describe(
      'One entry per period (WEEKLY to YEARLY), for the windows ending on `asOf` of the query, else D: whether the loaded prices cover each window. Empty before any prices',
    ),
});
export type AnalysisStateDto = z.infer<typeof analysisStateDtoSchema>;
