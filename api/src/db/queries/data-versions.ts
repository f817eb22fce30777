/**
 * The write counters of data_versions (migration 0006): a trigger adds 1 to a table's counter in
 * every transaction that writes the table, so a number read here changes exactly when the rows a
 * reader can see change. Caches key on them (the quote cache of portfolio.ts) and so do ETags
 * (GET /user/holding…): a 304 is answered only while nothing the answer depends on was written.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { queryRows } from '../client.js';

/** The tables whose writes are counted. */
export type VersionedTable =
  | 'analysis_state'
  | 'brokerage_firms'
  | 'charge_types'
  | 'charges'
  | 'companies'
  | 'corporate_action_events'
  | 'holdings'
  | 'index_closes'
  | 'segments'
  | 'stock_prices'
  | 'watchlist_entries';

/** The counters of these tables, in one read; a table without a counter is absent. */
export async function dataVersions(db: Database, tables: readonly VersionedTable[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ name: string; version: string }>(
    db,
    sql`SELECT name, version::text AS version FROM data_versions WHERE name IN (${sql.join(
      tables.map((table) => sql`${table}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.version)]));
}

/** One table's counter; NaN when the database has no counter for it (never equal to itself, so never cached). */
export async function dataVersion(db: Database, table: VersionedTable): Promise<number> {
  return (await dataVersions(db, [table])).get(table) ?? Number.NaN;
}
