/**
 * GET /user/portfolio/benchmark (docs/product/home.md#against-the-market): the caller's portfolio
 * against an index, money-weighted (XIRR against the public-market equivalent) and time-weighted,
 * with the day-by-day values for the chart and each holding against the index over its own days.
 */
import { z } from 'zod';
import { DEFAULT_BENCHMARK_INDEX } from '../../market/indices.js';
import { isCalendarDate } from '../../validation/rules.js';

export const BENCHMARK_PERIODS = ['1M', '3M', '6M', '1Y', 'FY', 'ALL'] as const;

const rate = (what: string) =>
  z.string().nullable().describe(`${what}, % a year or over the period, 2 decimals; null where no rate exists`);

const optionalDate = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .describe(`${label} of the period, YYYY-MM-DD`);

export const benchmarkQuerySchema = z
  .object({
    index: z
      .string()
      .trim()
      .min(1, 'index must name an index')
      .max(100, 'index must be at most 100 characters')
      .default(DEFAULT_BENCHMARK_INDEX)
      .describe(
        `The index, any case (default ${DEFAULT_BENCHMARK_INDEX}: dividends reinvested, as SEBI asks funds to compare)`,
      ),
    brokerageFirm: z.coerce
      .number({ error: 'brokerageFirm must be a firm’s id' })
      .int('brokerageFirm must be a firm’s id')
      .positive('brokerageFirm must be a firm’s id')
      .optional()
      .describe('Only the holdings at this firm'),
    from: optionalDate('from'),
    to: optionalDate('to'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to' });
export type BenchmarkQuery = z.infer<typeof benchmarkQuerySchema>;

export const benchmarkDtoSchema = z
  .object({
    index: z.string().describe('As stored, in capitals'),
    indexLastDate: z.string().nullable().describe('The index’s latest close loaded; null when it is not loaded'),
    valuedOn: z.string().nullable().describe('D: the latest trading day of the prices the open holdings are valued at'),
    from: z.string().nullable().describe('The period’s first day (default: the first trade)'),
    to: z.string().nullable().describe('The period’s last day (default: D)'),
    portfolioXirr: rate('The portfolio’s XIRR (the dashboard’s, of the same holdings)'),
    indexXirr: rate(
      'The XIRR of the same rupees on the same days in the index: each buy buys index units at that day’s value, each sale’s proceeds and each dividend sell units, the units left valued at D (public-market equivalent)',
    ),
    portfolioTwr: rate(
      'The portfolio’s time-weighted return over the period (daily values chained between cash flows, adjusted prices)',
    ),
    indexTwr: rate('The index’s return over the period'),
    periods: z
      .array(
        z.object({
          period: z.enum(BENCHMARK_PERIODS),
          from: z.string(),
          to: z.string(),
          portfolioTwr: rate('Time-weighted'),
          indexTwr: rate('The index’s'),
        }),
      )
      .describe('1M, 3M, 6M, 1Y, the financial year to date and since the first trade, each ending on D'),
    series: z
      .array(
        z.object({
          date: z.string(),
          portfolioValue: z.string().describe('The open holdings’ value at the day’s close, rupees, 2 decimals'),
          indexValue: z
            .string()
            .nullable()
            .describe('The same money in the index that day (public-market equivalent), rupees'),
        }),
      )
      .describe('Day by day over the period (every trading day; sampled to at most 400 days)'),
    holdings: z
      .array(
        z.object({
          id: z.number().int(),
          symbol: z.string(),
          buyDate: z.string(),
          endDate: z.string().describe('The selling date, or D'),
          holdingReturn: rate('Since purchase: (value or proceeds + dividends − charges) ÷ cost − 1'),
          indexReturn: rate('The index over the same days'),
        }),
      )
      .describe('Each holding against the index over its own days'),
    warnings: z.array(z.string()).describe('What could not be compared, in words (index not loaded, or stale)'),
  })
  .describe('The portfolio against an index');
export type BenchmarkDto = z.infer<typeof benchmarkDtoSchema>;
