/**
 * Market data: daily prices (every series of the bhavcopy) and the list of companies.
 * Prices are exact decimals (numeric); dates are exchange dates (date, no time zone).
 */
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** One row per symbol, series and trading day, as the exchange's bhavcopy gives it. */
export const stockPrices = pgTable(
  'stock_prices',
  {
    symbol: varchar('symbol', { length: 50 }).notNull(),
    series: varchar('series', { length: 10 }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    openPrice: numeric('open_price').notNull(),
    highPrice: numeric('high_price').notNull(),
    lowPrice: numeric('low_price').notNull(),
    closePrice: numeric('close_price').notNull(),
    lastPrice: numeric('last_price'),
    prevClose: numeric('prev_close'),
    totalTradedQty: bigint('total_traded_qty', { mode: 'number' }),
    totalTradedValue: numeric('total_traded_value'),
    totalTrades: integer('total_trades'),
    isin: varchar('isin', { length: 12 }),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.series, table.tradeDate] }),
    index('stock_prices_trade_date_idx').on(table.tradeDate),
  ],
);

/** A listed company (spec section 3: Company). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    symbol: varchar('symbol', { length: 50 }).notNull(),
    companyName: varchar('company_name', { length: 200 }).notNull(),
    industry: varchar('industry', { length: 200 }),
    series: varchar('series', { length: 10 }),
    isinCode: varchar('isin_code', { length: 12 }),
    paidUpValue: numeric('paid_up_value'),
    dateOfListing: date('date_of_listing', { mode: 'string' }),
    marketLot: integer('market_lot'),
    faceValue: numeric('face_value'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('companies_symbol_key').on(table.symbol)],
);

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
