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
export type VersionedTable = 'brokerage_firms' | 'charge_types' | 'charges' | 'holdings' | 'segments' | 'stock_prices';

/** One table's counter; NaN when the database has no counter for it (never equal to itself, so never cached). */
export async function dataVersion(db: Database, table: VersionedTable): Promise<number> {
  const [row] = await queryRows<{ version: string }>(db, sql`SELECT version::text AS version FROM data_versions WHERE name = ${table}`);
  return row ? Number(row.version) : Number.NaN;
}

/** Several counters in one read, as one text ("charges:4,holdings:17,…", in the order asked). */
export async function dataVersionsKey(db: Database, tables: readonly VersionedTable[]): Promise<string> {
  const rows = await queryRows<{ name: string; version: string }>(
    db,
    sql`SELECT name, version::text AS version FROM data_versions WHERE name IN (${sql.join(
      tables.map((table) => sql`${table}`),
      sql`, `,
    )})`,
  );
  const byName = new Map(rows.map((row) => [row.name, row.version]));
  return tables.map((table) => `${table}:${byName.get(table) ?? '?'}`).join(',');
}
