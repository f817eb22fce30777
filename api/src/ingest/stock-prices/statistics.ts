/**
 * The planner's statistics of the price table kept in step with its size
 * (docs/decisions.md#statistics-after-price-loads): PGlite never analyses by itself and
 * PostgreSQL's autovacuum runs later and elsewhere, so without this the queries after a load (the
 * analysis refresh, the reads) are planned for the table as it was, e.g. empty: loading an empty
 * database one day at a time then gets slower with every day. A load that leaves the table more
 * than twice (or less than half) the size the statistics know, by at least MIN_ROWS rows,
 * analyses it in the load's own transaction: about log₂(rows) times over any history, never on a
 * daily upload to a large table.
 */
import type { SqlSession } from '../../db/sql-session.js';

/** Below this difference plans do not depend on the size (a few files of a test or a first day's sample). */
const MIN_ROWS = 1000;

/** Whether the statistics (pg_class.reltuples: −1 before the first ANALYZE) are off by more than 2×. */
export function statisticsStale(estimated: number, loaded: number): boolean {
  if (Math.abs(loaded - Math.max(estimated, 0)) < MIN_ROWS) return false;
  return estimated <= 0 || loaded > 2 * estimated || loaded < estimated / 2;
}

/** Analyses stock_prices when the load changed its size materially (see above); answers whether it did. */
export async function analyzeWhenResized(session: SqlSession): Promise<boolean> {
  const [sizes] = await session.query<{ estimated: number; loaded: number }>(
    `SELECT (SELECT reltuples FROM pg_class WHERE oid = 'stock_prices'::regclass)::float8 AS estimated,
            (SELECT coalesce(sum(row_count), 0) FROM stock_price_dates)::float8 AS loaded`,
  );
  if (!sizes || !statisticsStale(Number(sizes.estimated), Number(sizes.loaded))) return false;
  await session.query('ANALYZE stock_prices');
  return true;
}
