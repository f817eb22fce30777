/**
 * The uploaded-dates calendar, from the per-date summary every price upload keeps in step (so the
 * price table is never scanned).
 */
import { asc } from 'drizzle-orm';
import type { UploadedDateCountDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { stockPriceDates } from '../../schema/uploads.js';

/** Trading days that have prices, 'YYYY-MM-DD' ascending. */
export async function listUploadedPriceDates(db: Database): Promise<string[]> {
  const rows = await db
    .select({ tradeDate: stockPriceDates.tradeDate })
    .from(stockPriceDates)
    .orderBy(asc(stockPriceDates.tradeDate));
  return rows.map((row) => row.tradeDate);
}

/** Trading days with how many price rows each holds, ascending. */
export async function listPriceDateCounts(db: Database): Promise<UploadedDateCountDto[]> {
  return db
    .select({ tradeDate: stockPriceDates.tradeDate, rowCount: stockPriceDates.rowCount })
    .from(stockPriceDates)
    .orderBy(asc(stockPriceDates.tradeDate));
}
