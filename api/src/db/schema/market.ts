/**
 * Market data: daily prices (every series of the bhavcopy) and the analysis precomputed from them.
 * Prices are exact decimals (numeric); dates are exchange dates (date, no time zone).
 *
 * The precomputed analysis: the ten trend lists and every symbol's 12-month high and low are read
 * from trend_candidates and the rows on D (docs/decisions.md#lists-read-from-the-candidates), kept
 * up to date whenever prices are loaded (the `market.dataChanged` event) and at start when
 * missing, so the public reads never scan price history per request.
 *
 * Definitions (D = the latest date with equity prices; equity series EQ, BE, BZ, SM, ST; the
 * window of a period P holds the dates t with D − P < t ≤ D, see shared/src/market/periods.ts):
 * - the trend lists: for each direction (HIGH, LOW) and period, the symbols with a row on D, at
 *   least one earlier row in the window, and high(D) ≥ the highest earlier high (LOW: low(D) ≤
 *   the lowest earlier low). `Present` is the row on D, `Previous` the symbol's latest row
 *   before D; change and change % are rounded to 2 decimals; the list order is highs by change %
 *   descending, lows ascending, ties by symbol in byte order.
 * - the 12-month extremes: for every symbol with an equity row in the YEARLY window, the highest
 *   high and lowest low of the window with the latest date each was reached.
 * - trend_candidates: for every symbol, the earlier days (t < D) of the YEARLY window that hold or
 *   may come to hold an extreme of a window ending at D: what the lists and extremes are read
 *   from, carried forward day by day.
 * - price_adjustments: the divisor of each symbol's days before its effective splits, bonuses and
 *   consolidations (docs/product/market.md#adjusted-prices): every price above is adjusted by it.
 * - analysis_state: one row saying which data the tables were computed from.
 */
import { bigint, date, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { instant, symbolColumn, timestamps } from './columns.js';
import { marketDataUploads } from './uploads.js';

/** One row per symbol, series and trading day, as the exchange's bhavcopy gives it. */
export const stockPrices = pgTable(
  'stock_prices',
  {
    symbol: symbolColumn().notNull(),
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
    // symbol, then date: a symbol's rows of a date range are one index range whatever the series
    // (candles, a period's closes, the analysis recomputing a symbol's window), and the planner
    // prefers it to the trade-date index even when the newest day is not in the statistics yet
    primaryKey({ columns: [table.symbol, table.tradeDate, table.series] }),
    index('stock_prices_trade_date_idx').on(table.tradeDate),
  ],
);

/**
 * Each symbol's candidates in the YEARLY window before D (D − 12 months < t < D, equity rows, one
 * per day: the day's highest high, lowest low and highest close over its series): for HIGH the
 * days whose high is above every later day's high, for LOW the days whose low is below every later
 * day's low. Going back from D the candidates' highs rise (lows fall), so the highest high of any
 * window ending at D is the window's earliest HIGH candidate, on the latest day it was reached, and
 * the latest day before D is a candidate of both sides. The marks of every period (the trend lists'
 * earlier extremes and previous row, the 12-month extremes) are read from these; when D moves on,
 * each entering day removes the candidates it beats and joins them, and days leaving the YEARLY
 * window go (docs/decisions.md#incremental-analysis-refresh).
 *
 * One row per symbol with each side's candidates as arrays in date order
 * (docs/decisions.md#candidates-as-sorted-arrays): the keys ascend too (HIGH: the negated highs, LOW:
 * the lows), so a window's earliest candidate and the candidates an entering day beats are found by
 * binary search (width_bucket) instead of reading every candidate.
 *
 * Stored with fillfactor 50 (set in its migration; drizzle has no table storage options): every
 * traded symbol's row is rewritten every day, and the room left on each page lets the new version
 * stay on the old one's page (a heap-only update: no index entry, the old version pruned in place)
 * (docs/decisions.md#the-refreshs-tables-cheaper-to-rewrite).
 */
export const trendCandidates = pgTable('trend_candidates', {
  symbol: symbolColumn().primaryKey(),
  /** The HIGH candidates' trade dates, ascending. */
  highDates: date('high_dates', { mode: 'string' }).array().notNull(),
  /** Per HIGH candidate: −(the day's highest high), adjusted as of D; ascending. */
  highKeys: numeric('high_keys').array().notNull(),
  /** The LOW candidates' trade dates, ascending. */
  lowDates: date('low_dates', { mode: 'string' }).array().notNull(),
  /** Per LOW candidate: the day's lowest low, adjusted as of D; ascending. */
  lowKeys: numeric('low_keys').array().notNull(),
  /** The close (the highest of its series), adjusted as of D, of the latest day before D (the last candidate of both sides): the lists' previous close. */
  lastClose: numeric('last_close').notNull(),
});

/**
 * The adjustment ranges the stored analysis was computed with: for each symbol with effective
 * adjusting events (ex-date on or before D), the trade dates from_date ≤ t < to_date (from_date
 * null: from the first day) whose prices are divided by `divisor`, the product of the factors of
 * the effective events with an ex-date after t. Derived from corporate_action_events and D at every
 * refresh (docs/decisions.md#adjusted-prices-in-the-analysis); a day after the last ex-date has none.
 */
export const priceAdjustments = pgTable(
  'price_adjustments',
  {
    symbol: symbolColumn().notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    /** The ex-date of the event that ends the range (exclusive). */
    toDate: date('to_date', { mode: 'string' }).notNull(),
    divisor: numeric('divisor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.toDate] })],
);

/** What the analysis tables were computed from (a single row, id 1). */
export const analysisState = pgTable('analysis_state', {
  id: integer('id').primaryKey(),
  /** D of the computation; null when there were no prices. */
  asOf: date('as_of', { mode: 'string' }),
  /** D of trend_candidates: equal to as_of when the marks can be carried forward; null before they were first computed. */
  marksAsOf: date('marks_as_of', { mode: 'string' }),
  /** Price rows at the time (sum of stock_price_dates.row_count): a fingerprint to notice loads made without the event. */
  priceRows: bigint('price_rows', { mode: 'number' }).notNull(),
  /** Increases with every computation; readers (and the BFF) may use it as the data version. */
  version: integer('version').notNull(),
  computedAt: instant('computed_at').notNull().defaultNow(),
  durationMs: integer('duration_ms').notNull(),
});

/**
 * An index's daily values (docs/product/market.md#indices): NIFTY 50, its Total Return Index
 * (`NIFTY 50 TRI`), any index NSE publishes, under its name in capitals. Uploaded by staff
 * (UPLOAD_INDEX_PRICES); the value of an index on a date is its latest close on or before it.
 * Open, high and low are kept when the file has them (a TRI export has only the close).
 */
export const indexCloses = pgTable(
  'index_closes',
  {
    indexName: varchar('index_name', { length: 100 }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    open: numeric('open'),
    high: numeric('high'),
    low: numeric('low'),
    close: numeric('close').notNull(),
    /** The upload that last wrote the row (null once that record is gone). */
    uploadId: integer('upload_id').references(() => marketDataUploads.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.indexName, table.tradeDate] })],
);
