/**
 * The record of market-data uploads (docs/product/uploads.md): every accepted upload, and the per-day
 * summary of loaded prices. The data the uploads load lives in its area's schema: prices in
 * market.ts, companies, corporate actions, results and balance sheets in company.ts.
 */
import { char, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { idColumn, instant } from './columns.js';

/**
 * Every accepted upload (rejected files write nothing, this record included): who, when, which
 * kind, the file's name, size and SHA-256, the layout recognised, and what it did to the data.
 */
export const marketDataUploads = pgTable(
  'market_data_uploads',
  {
    id: idColumn(),
    /** The upload type, e.g. UPLOAD_STOCK_PRICE (shared UPLOAD_TYPES). */
    kind: varchar('kind', { length: 40 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Lower-case hex SHA-256 of the file's bytes. */
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    fileBytes: integer('file_bytes').notNull(),
    /** csv, xls or xlsx: what the content turned out to be (not the name's extension). */
    fileFormat: varchar('file_format', { length: 8 }).notNull(),
    /** The layout recognised, e.g. NSE_BHAVCOPY_LEGACY, NSE_BHAVCOPY_UDIFF, NSE_EQUITY_LIST. */
    layout: varchar('layout', { length: 40 }).notNull(),
    /** Data rows read from the file (exact duplicate rows included). */
    rowsInFile: integer('rows_in_file').notNull(),
    rowsInserted: integer('rows_inserted').notNull(),
    /** Rows that existed and were changed by this file. */
    rowsUpdated: integer('rows_updated').notNull(),
    /** Rows that existed with the same values (a re-upload changes nothing). */
    rowsUnchanged: integer('rows_unchanged').notNull(),
    /** Rows removed because a corrected file replaced them (prices: same date and symbol, other series). */
    rowsDeleted: integer('rows_deleted').notNull().default(0),
    /** First and last market/reporting date the file holds, and how many distinct dates. */
    firstDate: date('first_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    datesCount: integer('dates_count').notNull().default(0),
    /** The answer given to the uploader. */
    message: text('message').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text so the record survives the account (and names the demo-data loader). */
    uploadedByUsername: varchar('uploaded_by_username', { length: 50 }).notNull(),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [
    index('market_data_uploads_uploaded_at_idx').on(table.uploadedAt),
    index('market_data_uploads_sha256_idx').on(table.fileSha256),
  ],
);

/**
 * One row per trading day that has prices: how many price rows it holds. Kept in step with
 * stock_prices by every price upload (same transaction), so the uploaded-dates calendar and the
 * latest trading day are read without scanning the price table.
 */
export const stockPriceDates = pgTable('stock_price_dates', {
  tradeDate: date('trade_date', { mode: 'string' }).primaryKey(),
  rowCount: integer('row_count').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
