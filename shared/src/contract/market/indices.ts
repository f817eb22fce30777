/**
 * Market indices (docs/product/market.md#indices): the indices loaded and an index's closes. The
 * value of an index on a date is its latest close on or before it (indexValueOn).
 */
import { z } from 'zod';
import { isCalendarDate, SYMBOL_PATTERN, symbolInvalidMessage } from '../../validation/rules.js';

export const indexSummaryDtoSchema = z
  .object({
    name: z.string().describe('As stored, in capitals: NIFTY 50, NIFTY 50 TRI'),
    firstDate: z.string().describe('Its first close, YYYY-MM-DD'),
    lastDate: z.string().describe('Its latest close, YYYY-MM-DD'),
    days: z.number().int().describe('Closes loaded'),
  })
  .describe('An index loaded');
export type IndexSummaryDto = z.infer<typeof indexSummaryDtoSchema>;

export const indexCloseDtoSchema = z
  .object({ date: z.string().describe('YYYY-MM-DD'), close: z.string().describe('Exact decimal') })
  .describe('An index’s close on a day');
export type IndexCloseDto = z.infer<typeof indexCloseDtoSchema>;

export const indexNameParamsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(100, 'name must be at most 100 characters')
    .describe('The index’s name, any case (NIFTY%2050%20TRI)'),
});

const optionalDate = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .describe(`${label}, YYYY-MM-DD (included); none: no bound`);

export const indexClosesQuerySchema = z
  .object({ from: optionalDate('from'), to: optionalDate('to') })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to' });

export const indexComparisonQuerySchema = z.object({
  symbol: z
    .string({ error: 'symbol is required' })
    .trim()
    .regex(SYMBOL_PATTERN, symbolInvalidMessage('symbol'))
    .describe('The NSE symbol'),
  to: optionalDate('to'),
});

export const indexComparisonDtoSchema = z
  .object({
    index: z.string(),
    symbol: z.string(),
    from: z.string().nullable().describe('A year before `to`'),
    to: z.string().nullable().describe('The stock’s latest trading day (or the `to` asked for); null without prices'),
    beta: z
      .string()
      .nullable()
      .describe('cov(stock, index) ÷ var(index) of daily returns, 2 decimals; null with fewer than 20 days'),
    correlation: z.string().nullable().describe('cov ÷ (σ stock × σ index), 2 decimals'),
    days: z.number().int().describe('Daily returns paired'),
  })
  .describe('A stock against an index over one year of daily returns (adjusted for splits and bonuses)');
export type IndexComparisonDto = z.infer<typeof indexComparisonDtoSchema>;
