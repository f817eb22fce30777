/** Response shapes of the market routes (documentation in /docs). */
import { z } from 'zod';

const decimal = z.string().describe('An exact decimal as a string');
const date = z.string().describe('YYYY-MM-DD');

export const stockPriceRowSchema = z
  .object({
    symbol: z.string(),
    series: z.string().describe('EQ, BE, BZ, SM or ST'),
    date,
    openPrice: decimal,
    highPrice: decimal,
    lowPrice: decimal,
    closePrice: decimal,
    lastPrice: decimal.nullable(),
    previousClose: decimal
      .nullable()
      .describe("The exchange's previous close (PREVCLOSE), else the symbol's latest earlier close"),
    changePerDay: decimal.nullable().describe('closePrice − previousClose, 2 decimals'),
    changePercent: decimal.nullable().describe('changePerDay ÷ previousClose × 100, 2 decimals'),
    volume: z.number().int().nullable().describe('Shares traded (TOTTRDQTY)'),
    isin: z.string().nullable(),
  })
  .describe("A symbol's prices on the latest trading day");

export const candleSchema = z
  .object({ date, openPrice: decimal, highPrice: decimal, lowPrice: decimal, closePrice: decimal })
  .describe('One day of a symbol');

export const trendValueSchema = z
  .object({
    position: z
      .number()
      .int()
      .describe('1-based place in the list (JSON object order is not guaranteed by every client)'),
    change: decimal.describe('Present close − previous close, 2 decimals'),
    changePercent: decimal.nullable().describe('change ÷ previous close × 100, 2 decimals'),
    earlierExtreme: decimal.describe(
      'The highest high (weeks-high) or lowest low (weeks-low) of the earlier rows in the window',
    ),
    Present: z
      .object({
        symbol: z.string(),
        series: z.string(),
        date,
        openPrice: decimal,
        highPrice: decimal,
        lowPrice: decimal,
        closePrice: decimal,
        volume: z.number().int().nullable(),
      })
      .describe("The symbol's row on the latest trading day D"),
    Previous: z.object({ date, closePrice: decimal }).describe("The symbol's latest row before D"),
  })
  .describe('A symbol in a trend list');

export const trendResponseSchema = z.record(z.string(), trendValueSchema).describe('Keyed by symbol, in list order');

export const priceExtremeSchema = z
  .object({ symbol: z.string(), highPrice: decimal, highDate: date, lowPrice: decimal, lowDate: date })
  .describe('Highest high and lowest low in the YEARLY window, each with the latest date it was reached');

export const corporateActionSchema = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    companyName: z.string(),
    series: z.string(),
    purpose: z.string(),
    faceValue: decimal.nullable(),
    exDate: date.nullable(),
    recordDate: date.nullable(),
    bookClosureStartDate: date.nullable(),
    bookClosureEndDate: date.nullable(),
  })
  .describe('A corporate action (dividend, bonus, split…) as the exchange announced it');

export const companySchemaDto = z
  .object({
    id: z.number().int(),
    companyName: z.string(),
    industry: z.string().nullable(),
    symbol: z.string(),
    series: z.string().nullable(),
    isinCode: z.string().nullable(),
    paidUpValue: decimal.nullable(),
    dateOfListing: date.nullable(),
    marketLot: z.number().int().nullable(),
    faceValue: decimal.nullable(),
  })
  .describe('A listed company');
