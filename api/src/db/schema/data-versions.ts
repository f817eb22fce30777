import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

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
