/**
 * GET /user/dashboard: the investor's portfolio at a glance, computed from their holdings and the
 * latest prices (docs/product/home.md#dashboard). Amounts are exact decimal strings; percentages
 * are rounded to 2 decimals.
 */
import { z } from 'zod';
import { portfolioAlertDtoSchema } from './alerts.js';
import { brokerageFirmDtoSchema } from './reference.js';
import { portfolioTotalsDtoSchema } from './summary.js';
import { trendMembershipDtoSchema } from './watchlist.js';

export const dashboardFirmDtoSchema = z
  .object({
    brokerageFirm: brokerageFirmDtoSchema,
    totals: portfolioTotalsDtoSchema,
    dividends: z.string().describe('Dividends credited at this firm (totals.dividends)'),
    netProfitLoss: z.string().describe('totals.net: realized + unrealized + dividends − charges'),
    xirr: z.string().nullable().describe('Yearly return of the firm’s cash flows in %, 2 decimals; null when none'),
  })
  .describe('A firm the investor holds shares at');
export type DashboardFirmDto = z.infer<typeof dashboardFirmDtoSchema>;

export const allocationSliceDtoSchema = z
  .object({
    name: z.string().describe('The industry (or "Unclassified") or the firm’s name'),
    value: z.string().describe('Current value of the open holdings in it'),
    percent: z.string().describe('Share of the current value, 2 decimals'),
  })
  .describe('One slice of an allocation');
export type AllocationSliceDto = z.infer<typeof allocationSliceDtoSchema>;

export const dashboardMoverDtoSchema = z
  .object({
    symbol: z.string(),
    companyName: z.string().nullable(),
    closePrice: z.string(),
    changePerDay: z.string().describe('Per share, 2 decimals'),
    changePercent: z.string().describe('2 decimals'),
    quantity: z.number().describe('Shares held (open holdings, adjusted for splits and bonuses)'),
    valueChange: z.string().describe('changePerDay (unrounded) × quantity: the day’s change of the investor’s shares'),
  })
  .describe('An open holding’s move on its latest trading day');
export type DashboardMoverDto = z.infer<typeof dashboardMoverDtoSchema>;

export const listedStockDtoSchema = z
  .object({
    symbol: z.string(),
    held: z.boolean().describe('An open holding of the investor'),
    watched: z.boolean().describe('On the investor’s watch list'),
    closePrice: z.string(),
    changePercent: z.string().nullable(),
    trends: z.array(trendMembershipDtoSchema).min(1),
    headline: z.string().describe('e.g. "TCS: new 52-week high" (the longest period of each direction)'),
  })
  .describe('A held or watched stock that is in a trend list of the latest trading day');
export type ListedStockDto = z.infer<typeof listedStockDtoSchema>;

export const dashboardDtoSchema = z
  .object({
    asOf: z.string().describe('Today’s exchange date: the date open holdings are valued on'),
    priceDate: z.string().nullable().describe('The latest trading day of the prices the open holdings are valued at'),
    openHoldings: z.number().int(),
    totals: portfolioTotalsDtoSchema,
    dividends: z.string().describe('Dividends credited (totals.dividends)'),
    netProfitLoss: z.string().describe('realized + unrealized + dividends − charges'),
    dayChange: z.string().nullable().describe('Σ (the latest day’s change × quantity) of the open holdings'),
    dayChangePercent: z.string().nullable().describe('dayChange ÷ Σ (previous close × quantity) × 100'),
    xirr: z.string().nullable().describe('Yearly return of all cash flows in %, 2 decimals; null when none'),
    firms: z.array(dashboardFirmDtoSchema).describe('The firms with holdings'),
    allocationByIndustry: z.array(allocationSliceDtoSchema),
    allocationByFirm: z.array(allocationSliceDtoSchema),
    gainers: z.array(dashboardMoverDtoSchema).describe('Up to 5, the largest rise in % first'),
    losers: z.array(dashboardMoverDtoSchema).describe('Up to 5, the largest fall in % first'),
    inTodaysLists: z.array(listedStockDtoSchema),
    alerts: z.array(portfolioAlertDtoSchema),
  })
  .describe('The investor’s portfolio at a glance');
export type DashboardDto = z.infer<typeof dashboardDtoSchema>;
