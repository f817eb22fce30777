/**
 * GET /staff/market-snapshot: the staff and admin dashboard's view of the loaded market
 * (docs/product/home.md#dashboard): the latest trading day, how many symbols it has, advances and
 * declines, the day's top movers and the last uploads.
 */
import { z } from 'zod';
import { uploadRecordDtoSchema } from '../uploads/history.js';
import { dateText, decimalText } from './fields.js';

export const marketMoverDtoSchema = z
  .object({
    symbol: z.string(),
    closePrice: decimalText,
    changePerDay: decimalText.describe('2 decimals'),
    changePercent: decimalText.describe('2 decimals'),
  })
  .describe('A symbol’s move on the latest trading day');
export type MarketMoverDto = z.infer<typeof marketMoverDtoSchema>;

export const marketSnapshotDtoSchema = z
  .object({
    latestTradingDay: dateText.nullable().describe('D, the latest date with equity prices; null when none'),
    symbols: z.number().int().describe('Equity symbols with a row on D'),
    advances: z.number().int().describe('Symbols that closed above their previous close'),
    declines: z.number().int().describe('Symbols that closed below it'),
    unchanged: z.number().int().describe('Symbols that closed at it (or have no previous close)'),
    gainers: z.array(marketMoverDtoSchema).describe('Up to 5, the largest rise in % first'),
    losers: z.array(marketMoverDtoSchema).describe('Up to 5, the largest fall in % first'),
    lastUploads: z.array(uploadRecordDtoSchema).describe('The 5 latest accepted uploads, newest first'),
  })
  .describe('The loaded market at a glance');
export type MarketSnapshotDto = z.infer<typeof marketSnapshotDtoSchema>;
