/**
 * Writes parsed prices in the upload's transaction.
 * - Dates with no prices yet (the usual daily upload, and every file of a first load): COPY
 *   straight into stock_prices. Safe because price uploads hold an advisory lock, the file has no
 *   duplicate keys (checked while parsing) and any failure rolls the whole transaction back.
 * - Dates that already have prices (a re-upload or a corrected file): COPY into a temporary staging
 *   table, remove the rows of the same date and symbol whose series the file no longer has, then
 *   INSERT … ON CONFLICT DO UPDATE only where a value differs — so a re-upload changes nothing
 *   and the counts say what happened (new, replaced, unchanged, removed).
 * Then the per-date summary (stock_price_dates) is recounted for the file's dates, and the table
 * analysed when the load changed its size materially (statistics.ts).
 */
import type { SqlSession } from '../../db/sql-session.js';
import { PRICE_COPY_COLUMNS, type ParsedPrices } from './parse.js';
import { analyzeWhenResized } from './statistics.js';

export interface PriceLoadCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** Serialises price uploads (both engines), so the existence check and the summary stay true. */
export const PRICE_UPLOAD_LOCK = 7_246_101;

const VALUE_COLUMNS = PRICE_COPY_COLUMNS.filter((column) => !['symbol', 'series', 'trade_date'].includes(column));

export async function loadStockPrices(session: SqlSession, parsed: ParsedPrices): Promise<PriceLoadCounts> {
  const dates = [...parsed.rowsPerDate.keys()];
  await session.query('SELECT pg_advisory_xact_lock($1)', [PRICE_UPLOAD_LOCK]);
  const existing = await session.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM stock_prices WHERE trade_date = ANY($1::date[])) AS found',
    [dates],
  );
  if (!existing[0]?.found) {
    await session.copyIn('stock_prices', PRICE_COPY_COLUMNS, parsed.chunks);
    // the dates were empty: their counts are the file's
    await session.query(
      `INSERT INTO stock_price_dates (trade_date, row_count, updated_at)
       SELECT day, rows, now() FROM unnest($1::date[], $2::int[]) AS counted(day, rows)
       ON CONFLICT (trade_date) DO UPDATE SET row_count = excluded.row_count, updated_at = excluded.updated_at`,
      [dates, [...parsed.rowsPerDate.values()]],
    );
    await analyzeWhenResized(session);
    return { inserted: parsed.rowsInFile, updated: 0, unchanged: 0, deleted: 0 };
  }
  const counts = await mergeThroughStaging(session, parsed, dates);
  await session.query(
    `INSERT INTO stock_price_dates (trade_date, row_count, updated_at)
     SELECT trade_date, count(*)::int, now() FROM stock_prices WHERE trade_date = ANY($1::date[]) GROUP BY trade_date
     ON CONFLICT (trade_date) DO UPDATE SET row_count = excluded.row_count, updated_at = excluded.updated_at
     WHERE stock_price_dates.row_count <> excluded.row_count`,
    [dates],
  );
  await analyzeWhenResized(session);
  return counts;
}

async function mergeThroughStaging(
  session: SqlSession,
  parsed: ParsedPrices,
  dates: string[],
): Promise<PriceLoadCounts> {
  await session.query(
    `CREATE TEMPORARY TABLE stock_prices_staging (LIKE stock_prices INCLUDING DEFAULTS) ON COMMIT DROP`,
  );
  await session.copyIn('stock_prices_staging', PRICE_COPY_COLUMNS, parsed.chunks);
  // the statements below look rows of one table up in the other: with this key a lookup is an index probe whatever
  // the planner estimates. Days newer than the statistics (a corrected file of recent days, below the size change
  // that analyses: statistics.ts) were estimated at a row or two, and the anti-join then scanned the staging table
  // once per stored row: 87 s for a 15-day file of 28,626 rows sent again, 0.5 s with the key
  // (docs/decisions.md#statistics-after-price-loads)
  await session.query('CREATE UNIQUE INDEX ON stock_prices_staging (symbol, series, trade_date)');
  await session.query('ANALYZE stock_prices_staging');

  // a corrected file replaces the day's rows of the symbols it holds: series it no longer lists go
  const removed = await session.query<{ removed: number }>(
    `WITH gone AS (
       DELETE FROM stock_prices p
       USING (SELECT DISTINCT symbol, trade_date FROM stock_prices_staging) f
       WHERE p.symbol = f.symbol AND p.trade_date = f.trade_date AND p.trade_date = ANY($1::date[])
         AND NOT EXISTS (SELECT 1 FROM stock_prices_staging s WHERE s.symbol = p.symbol AND s.series = p.series AND s.trade_date = p.trade_date)
       RETURNING 1)
     SELECT count(*)::int AS removed FROM gone`,
    [dates],
  );

  const assignments = VALUE_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ');
  const current = VALUE_COLUMNS.map((column) => `stock_prices.${column}`).join(', ');
  const incoming = VALUE_COLUMNS.map((column) => `excluded.${column}`).join(', ');
  const written = await session.query<{ inserted: number; updated: number }>(
    `WITH written AS (
       INSERT INTO stock_prices (${PRICE_COPY_COLUMNS.join(', ')})
       SELECT ${PRICE_COPY_COLUMNS.join(', ')} FROM stock_prices_staging
       ON CONFLICT (symbol, series, trade_date) DO UPDATE SET ${assignments}
       WHERE (${current}) IS DISTINCT FROM (${incoming})
       RETURNING (xmax = 0) AS is_new)
     SELECT count(*) FILTER (WHERE is_new)::int AS inserted, count(*) FILTER (WHERE NOT is_new)::int AS updated FROM written`,
  );
  const inserted = written[0]?.inserted ?? 0;
  const updated = written[0]?.updated ?? 0;
  return { inserted, updated, unchanged: parsed.rowsInFile - inserted - updated, deleted: removed[0]?.removed ?? 0 };
}
