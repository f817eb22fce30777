/** GET /user/portfolio/summary: the caller's totals per firm, per firm and segment, per segment and overall. */
import { z } from 'zod';
import { brokerageFirmDtoSchema, segmentDtoSchema } from './reference.js';

export const portfolioTotalsDtoSchema = z
  .object({
    holdings: z.number().int().describe('Number of holdings (rows)'),
    invested: z.string().describe('Σ buy value of open holdings'),
    currentValue: z.string().describe('Σ current value of open holdings'),
    realized: z.string().describe('Σ gross P&L of realized holdings'),
    unrealized: z.string().describe('Σ gross P&L of open holdings'),
    charges: z.string().describe('Σ charges (open holdings with their estimated sell)'),
    dividends: z.string().describe('Σ dividends credited (open and sold holdings)'),
    net: z.string().describe('realized + unrealized + dividends − charges'),
  })
  .describe('Portfolio totals');
export type PortfolioTotalsDto = z.infer<typeof portfolioTotalsDtoSchema>;

export const segmentTotalsDtoSchema = z
  .object({ segment: segmentDtoSchema, totals: portfolioTotalsDtoSchema })
  .describe('Totals of one segment');
export type SegmentTotalsDto = z.infer<typeof segmentTotalsDtoSchema>;

export const firmTotalsDtoSchema = z
  .object({
    brokerageFirm: brokerageFirmDtoSchema,
    totals: portfolioTotalsDtoSchema,
    segments: z.array(segmentTotalsDtoSchema).describe('Every segment, with this firm’s holdings in it'),
  })
  .describe('Totals of one firm, and of each segment at that firm');
export type FirmTotalsDto = z.infer<typeof firmTotalsDtoSchema>;

export const portfolioSummaryDtoSchema = z
  .object({
    asOf: z.string().describe('The exchange date the totals are computed for'),
    totals: portfolioTotalsDtoSchema,
    firms: z.array(firmTotalsDtoSchema).describe('Every firm, with or without holdings'),
    segments: z.array(segmentTotalsDtoSchema).describe('Every segment, with or without holdings'),
  })
  .describe('Totals per firm, per firm and segment, per segment and overall');
export type PortfolioSummaryDto = z.infer<typeof portfolioSummaryDtoSchema>;
