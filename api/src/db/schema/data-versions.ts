import { bigint, date, index, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * A write counter per table, for caches and ETags that must never outlive a change: a
 * statement-level trigger (migration 0006) adds 1 to a table's row on every INSERT, UPDATE, DELETE
 * or TRUNCATE of stock_prices, holdings, charges, charge_types, brokerage_firms and segments,
 * inside the writer's transaction. Uploads, the demo seed and SQL typed by hand all count, and
 * readers see the new number exactly when they can see the new rows (db/queries/data-versions.ts).
 */
export const dataVersions = pgTable('data_versions', {
  name: varchar('name', { length: 63 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The trading days each counted write of stock_prices touched (migration 0029): a statement-level trigger, fired
 * after the counter's (triggers of one kind fire in name order), records each distinct trade_date of the rows it
 * inserted, updated (old and new) or deleted under the counter's new value; a TRUNCATE records a null day (every
 * day). A reader that kept prices read at counter v re-reads only the days changed after v
 * (db/queries/portfolio/benchmark.ts: the comparison's closes), not everything.
 */
export const stockPriceChanges = pgTable(
  'stock_price_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }),
  },
  (table) => [index('stock_price_changes_version_idx').on(table.version)],
);
