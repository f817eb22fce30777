/**
 * Where the market data comes from: the demo market is recognised by its uploads' user ("demo-data", the seeder's
 * DEMO_DATA_USER), which stays in the history whatever is uploaded after it; the latest trading day comes from the
 * per-date summary (no scan of the price table).
 */
import { sql } from 'drizzle-orm';
import type { MarketDataStatusDto } from '@bazaar/shared/contract';
import { queryRows, type Database } from '../../client.js';
import { marketDataUploads, stockPriceDates } from '../../schema/uploads.js';

export const DEMO_DATA_USERNAME = 'demo-data';

export async function getMarketDataStatus(db: Database): Promise<MarketDataStatusDto> {
  const [row] = await queryRows<{ demo: boolean; latest: string | null }>(
    db,
    sql`select exists (select 1 from ${marketDataUploads} where ${marketDataUploads.uploadedByUsername} = ${DEMO_DATA_USERNAME}) as demo,
               (select max(${stockPriceDates.tradeDate})::text from ${stockPriceDates}) as latest`,
  );
  return { demo: Boolean(row?.demo), latestPriceDate: row?.latest ?? null };
}
