/**
 * The trend lists and 12-month extremes (db/schema/market.ts): the candidates they are read from
 * (trend_candidates, kept by analysis-state.ts), the lists and extremes of D read from the
 * candidates and the rows on D, and the reads behind /public/stock-prices/weeks-high, weeks-low
 * and highestStockPriceByStock, answered in the REST contract's shapes. The computation covers the
 * YEARLY window only, never the whole history.
 *
 * Prices are adjusted for splits, bonuses and consolidations (docs/product/market.md#adjusted-prices):
 * every statement joins a relation of adjustment ranges (adjustments.ts) to the earlier rows; the
 * rows on D are never adjusted (an effective event's ex-date is on or before D).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  PERIOD_LENGTHS,
  periodCoverage,
  periodWindowStart,
  TREND_PERIODS,
  type TrendDirection,
  type TrendPeriod,
} from '@bazaar/shared';
import type {
  PeriodCoverageDto,
  PriceExtremeDto,
  PriceExtremesResponseDto,
  TrendResponseDto,
} from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { inEquitySeries } from './equity-series.js';
import { adjustedPrice, rangeHolds, STORED_ADJUSTMENTS } from './adjustments.js';

/**
 * The equity rows of stock_prices (alias `alias`) with their high, low and close adjusted by the
 * ranges of `adjustments`, restricted by `where` (on the alias): a relation with the columns symbol,
 * trade_date, high_price, low_price, close_price.
 */
function adjustedRows(adjustments: SQL, where: SQL, alias = 'r'): SQL {
  const r = sql.raw(alias);
  return sql`
    SELECT ${r}.symbol, ${r}.trade_date,
      ${adjustedPrice(sql`${r}.high_price`, 'adj')} AS high_price,
      ${adjustedPrice(sql`${r}.low_price`, 'adj')} AS low_price,
      ${adjustedPrice(sql`${r}.close_price`, 'adj')} AS close_price
    FROM stock_prices ${r}
    LEFT JOIN ${adjustments} AS adj ON ${rangeHolds(alias, 'adj')}
    WHERE ${inEquitySeries(`${alias}.series`)} AND ${where}`;
}

/**
 * The lists' rows from the `qualified` rows, ranked in each list (biggest move first; symbol breaks ties):
 * one ordering for the lists computed from the prices and from the marks.
 */
const rankedQualifiedRows = sql`
    SELECT direction, period,
      row_number() OVER (PARTITION BY direction, period
        ORDER BY CASE WHEN direction = 'HIGH' THEN -change_percent ELSE change_percent END NULLS LAST, symbol COLLATE "C") AS position,
      symbol, series, trade_date AS present_date, open_price AS present_open, high_price AS present_high, low_price AS present_low,
      close_price AS present_close, total_traded_qty AS present_volume,
      previous_date, previous_close, earlier_extreme, change, change_percent
    FROM qualified`;

/** The start of each period's window ending on D (exclusive). */
export function windowStarts(tradeDate: string): Record<TrendPeriod, string> {
  return Object.fromEntries(TREND_PERIODS.map((period) => [period, periodWindowStart(tradeDate, period)])) as Record<
    TrendPeriod,
    string
  >;
}

/**
 * The rows of the ten lists for a past D or raw prices (as-of.ts), computed from the prices of the
 * YEARLY window (columns as TrendEntryRow's, with direction and period). The earlier rows are
 * adjusted by the ranges of `adjustments` (as of `tradeDate`).
 */
export function trendEntriesQuery(tradeDate: string, starts: Record<TrendPeriod, string>, adjustments: SQL): SQL {
  const extremes = (Object.entries(starts) as Array<[TrendPeriod, string]>).map(
    ([period, start]) =>
      sql`max(e.high_price) FILTER (WHERE e.trade_date > ${start}::date) AS ${sql.raw(`high_${period.toLowerCase()}`)},
          min(e.low_price) FILTER (WHERE e.trade_date > ${start}::date) AS ${sql.raw(`low_${period.toLowerCase()}`)}`,
  );
  return sql`
    WITH present AS (
      SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, total_traded_qty
      FROM stock_prices
      WHERE trade_date = ${tradeDate}::date AND ${inEquitySeries()}
    ),
    earlier_rows AS MATERIALIZED (
      ${adjustedRows(adjustments, sql`r.trade_date > ${starts.YEARLY}::date AND r.trade_date < ${tradeDate}::date`)}
    ),
    earlier AS (
      SELECT p.symbol, max(e.trade_date) AS previous_date, ${sql.join(extremes, sql`, `)}
      FROM present p
      JOIN earlier_rows e ON e.symbol = p.symbol
      GROUP BY p.symbol
    ),
    candidates AS (
      SELECT p.*, e.previous_date, prev.close_price AS previous_close, l.direction, l.period,
        CASE l.direction || ' ' || l.period
          WHEN 'HIGH WEEKLY' THEN e.high_weekly WHEN 'LOW WEEKLY' THEN e.low_weekly
          WHEN 'HIGH MONTHLY' THEN e.high_monthly WHEN 'LOW MONTHLY' THEN e.low_monthly
          WHEN 'HIGH QUARTERLY' THEN e.high_quarterly WHEN 'LOW QUARTERLY' THEN e.low_quarterly
          WHEN 'HIGH HALFYEARLY' THEN e.high_halfyearly WHEN 'LOW HALFYEARLY' THEN e.low_halfyearly
          WHEN 'HIGH YEARLY' THEN e.high_yearly WHEN 'LOW YEARLY' THEN e.low_yearly
        END AS earlier_extreme
      FROM present p
      JOIN earlier e ON e.symbol = p.symbol
      JOIN earlier_rows prev ON prev.symbol = p.symbol AND prev.trade_date = e.previous_date
      CROSS JOIN (VALUES ('HIGH', 'WEEKLY'), ('HIGH', 'MONTHLY'), ('HIGH', 'QUARTERLY'), ('HIGH', 'HALFYEARLY'), ('HIGH', 'YEARLY'),
                         ('LOW', 'WEEKLY'), ('LOW', 'MONTHLY'), ('LOW', 'QUARTERLY'), ('LOW', 'HALFYEARLY'), ('LOW', 'YEARLY')) AS l(direction, period)
    ),
    qualified AS (
      SELECT *,
        round(close_price - previous_close, 2) AS change,
        CASE WHEN previous_close = 0 THEN NULL ELSE round((close_price - previous_close) / previous_close * 100, 2) END AS change_percent
      FROM candidates
      WHERE earlier_extreme IS NOT NULL
        AND ((direction = 'HIGH' AND high_price >= earlier_extreme) OR (direction = 'LOW' AND low_price <= earlier_extreme))
    )
    ${rankedQualifiedRows}`;
}

/**
 * Each symbol's highest high and lowest low over the YEARLY window of a past D or raw prices
 * (as-of.ts), with the latest date each was reached: one aggregate pass, then one pass to find the
 * dates; prices adjusted by the ranges of `adjustments` (as of `tradeDate`).
 */
export function priceExtremesQuery(tradeDate: string, yearlyStart: string, adjustments: SQL): SQL {
  return sql`
    WITH window_rows AS MATERIALIZED (
      ${adjustedRows(adjustments, sql`r.trade_date > ${yearlyStart}::date AND r.trade_date <= ${tradeDate}::date`)}
    ),
    extremes AS (
      SELECT symbol, max(high_price) AS high_price, min(low_price) AS low_price FROM window_rows GROUP BY symbol
    )
    SELECT x.symbol, x.high_price, max(w.trade_date) FILTER (WHERE w.high_price = x.high_price) AS high_date,
           x.low_price, max(w.trade_date) FILTER (WHERE w.low_price = x.low_price) AS low_date
    FROM extremes x
    JOIN window_rows w ON w.symbol = x.symbol
    GROUP BY x.symbol, x.high_price, x.low_price`;
}

/** A trend entry as the list statements compute it. */
interface TrendEntryRow {
  position: number;
  symbol: string;
  series: string;
  presentDate: string;
  presentOpen: string;
  presentHigh: string;
  presentLow: string;
  presentClose: string;
  presentVolume: number | null;
  previousDate: string;
  previousClose: string;
  earlierExtreme: string;
  change: string;
  changePercent: string | null;
}

/** One list's entries, in list order, in the contract's shape (keyed by symbol). */
function toTrendResponse(entries: readonly TrendEntryRow[]): TrendResponseDto {
  const list: TrendResponseDto = {};
  for (const entry of entries) {
    list[entry.symbol] = {
      position: entry.position,
      change: entry.change,
      changePercent: entry.changePercent,
      earlierExtreme: entry.earlierExtreme,
      Present: {
        symbol: entry.symbol,
        series: entry.series,
        date: entry.presentDate,
        openPrice: entry.presentOpen,
        highPrice: entry.presentHigh,
        lowPrice: entry.presentLow,
        closePrice: entry.presentClose,
        volume: entry.presentVolume,
      },
      Previous: { date: entry.previousDate, closePrice: entry.previousClose },
    };
  }
  return list;
}

/** A row of the list statements (trendEntriesQuery, the current lists) as a TrendEntryRow. */
function toTrendEntryRow(row: Record<string, unknown>): TrendEntryRow {
  return {
    position: Number(row.position),
    symbol: String(row.symbol),
    series: String(row.series),
    presentDate: String(row.present_date),
    presentOpen: String(row.present_open),
    presentHigh: String(row.present_high),
    presentLow: String(row.present_low),
    presentClose: String(row.present_close),
    presentVolume: row.present_volume === null ? null : Number(row.present_volume),
    previousDate: String(row.previous_date),
    previousClose: String(row.previous_close),
    earlierExtreme: String(row.earlier_extreme),
    change: String(row.change),
    changePercent: row.change_percent === null ? null : String(row.change_percent),
  };
}

/** The rows of the list statements, in list order, as the ten lists in the contract's shape, keyed `DIRECTION:PERIOD`. */
export function toTrendLists(rows: ReadonlyArray<Record<string, unknown>>): Map<string, TrendResponseDto> {
  const byList = new Map<string, TrendEntryRow[]>();
  for (const row of rows) {
    const key = `${String(row.direction)}:${String(row.period)}`;
    const list = byList.get(key) ?? [];
    list.push(toTrendEntryRow(row));
    byList.set(key, list);
  }
  return new Map([...byList].map(([key, list]) => [key, toTrendResponse(list)]));
}

/** A row of the extremes statements, as priceExtremesQuery's columns. */
export interface PriceExtremeRow {
  symbol: string;
  high_price: string;
  high_date: string;
  low_price: string;
  low_date: string;
}

/** The rows of the extremes statements, in symbol order, in the contract's shape (keyed by symbol). */
export function toPriceExtremes(rows: readonly PriceExtremeRow[]): PriceExtremesResponseDto {
  return Object.fromEntries(
    rows.map((row): [string, PriceExtremeDto] => [
      row.symbol,
      {
        symbol: row.symbol,
        highPrice: String(row.high_price),
        highDate: String(row.high_date),
        lowPrice: String(row.low_price),
        lowDate: String(row.low_date),
      },
    ]),
  );
}

/*
 * trend_candidates (db/schema/market.ts): each symbol's days before D in the YEARLY window that
 * hold or may come to hold an extreme of a window ending at D, one row per symbol with each side's
 * days as arrays in date order and their keys ascending (HIGH: −high, LOW: low), and the close of
 * its latest day before D. The marks of every
 * period (the extremes of the earlier rows in the window, and the latest earlier row) are read from
 * them, and they are carried forward when D moves on (docs/decisions.md#incremental-analysis-refresh,
 * docs/decisions.md#candidates-as-sorted-arrays).
 */

const CANDIDATE_COLUMNS = sql.raw('symbol, high_dates, high_keys, low_dates, low_keys, last_close');

const column = (prefix: string, period: TrendPeriod) => sql.raw(`${prefix}_${period.toLowerCase()}`);

/** Symbols as a relation `u(symbol)`. */
function symbolScope(symbols: readonly string[]): SQL {
  return sql`(VALUES ${sql.join(
    symbols.map((symbol) => sql`(${symbol}::text)`),
    sql`, `,
  )}) AS u(symbol)`;
}

/**
 * The candidates before `tradeDate` from the prices of the YEARLY window (dates after `yearlyStart`):
 * each symbol's days (the day's highest high, lowest low and highest close over its series), then
 * the days whose high is above the highest high of every later day (HIGH) and whose low is below
 * the lowest later low (LOW): a running extreme going back from D (its frame starts at the
 * partition's start, so it is kept incrementally). One row per candidate: symbol, side,
 * trade_date, price, close_price.
 * `symbols`: only those, read symbol by symbol as one range of the primary key (symbol,
 * trade_date, …), which the trade-date index, made to look cheap by a newest day missing from the
 * statistics, cannot serve; OFFSET 0 keeps the read per symbol.
 * Prices are adjusted by the stored ranges (price_adjustments, as of `tradeDate`).
 */
export function candidatesFromPricesQuery(tradeDate: string, yearlyStart: string, symbols?: readonly string[]): SQL {
  const high = adjustedPrice(sql`r.high_price`, 'adj');
  const low = adjustedPrice(sql`r.low_price`, 'adj');
  const close = adjustedPrice(sql`r.close_price`, 'adj');
  const rows = symbols
    ? sql`SELECT r.symbol, r.trade_date, ${high} AS high_price, ${low} AS low_price, ${close} AS close_price
          FROM ${symbolScope(symbols)} CROSS JOIN LATERAL (
            SELECT * FROM stock_prices r
            WHERE r.symbol = u.symbol AND (r.symbol, r.trade_date) > (u.symbol, ${yearlyStart}::date)
              AND r.trade_date < ${tradeDate}::date AND ${inEquitySeries('r.series')}
            OFFSET 0
          ) AS r
          LEFT JOIN ${STORED_ADJUSTMENTS} AS adj ON ${rangeHolds('r', 'adj')}`
    : sql`SELECT r.symbol, r.trade_date, ${high} AS high_price, ${low} AS low_price, ${close} AS close_price
          FROM stock_prices r
          LEFT JOIN ${STORED_ADJUSTMENTS} AS adj ON ${rangeHolds('r', 'adj')}
          WHERE r.trade_date > ${yearlyStart}::date AND r.trade_date < ${tradeDate}::date AND ${inEquitySeries('r.series')}`;
  return sql`
    WITH days AS (
      SELECT symbol, trade_date, max(high_price) AS high_price, min(low_price) AS low_price, max(close_price) AS close_price
      FROM (${rows}) AS r
      GROUP BY symbol, trade_date
    ),
    ranked AS MATERIALIZED (
      SELECT symbol, trade_date, high_price, low_price, close_price,
        max(high_price) OVER later AS later_high, min(low_price) OVER later AS later_low
      FROM days
      WINDOW later AS (PARTITION BY symbol ORDER BY trade_date DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
    )
    SELECT symbol, 'HIGH' AS side, trade_date, high_price AS price, close_price FROM ranked WHERE later_high IS NULL OR high_price > later_high
    UNION ALL
    SELECT symbol, 'LOW' AS side, trade_date, low_price AS price, close_price FROM ranked WHERE later_low IS NULL OR low_price < later_low`;
}

/**
 * The candidates of candidatesFromPricesQuery as trend_candidates' rows (arrays in date order; the
 * latest day is a candidate of both sides, so a symbol has both or none).
 */
function candidateRowsFromPrices(tradeDate: string, symbols?: readonly string[]): SQL {
  return sql`
    SELECT symbol,
      array_agg(trade_date ORDER BY trade_date) FILTER (WHERE side = 'HIGH'),
      array_agg(-price ORDER BY trade_date) FILTER (WHERE side = 'HIGH'),
      array_agg(trade_date ORDER BY trade_date) FILTER (WHERE side = 'LOW'),
      array_agg(price ORDER BY trade_date) FILTER (WHERE side = 'LOW'),
      (array_agg(close_price ORDER BY trade_date DESC))[1]
    FROM (${candidatesFromPricesQuery(tradeDate, windowStarts(tradeDate).YEARLY, symbols)}) AS c
    GROUP BY symbol`;
}

/**
 * Replaces trend_candidates with the candidates before `tradeDate` computed from the prices. TRUNCATE:
 * only the refresh reads the table, under its lock, so nothing else can see it empty (and a
 * DELETE would leave a whole table of dead rows for the next day's statements to scan).
 */
export function rebuildCandidatesStatements(tradeDate: string | null): SQL[] {
  if (!tradeDate) return [sql`TRUNCATE trend_candidates`];
  return [
    sql`TRUNCATE trend_candidates`,
    sql`INSERT INTO trend_candidates (${CANDIDATE_COLUMNS}) ${candidateRowsFromPrices(tradeDate)}`,
    // the carrying statements join it by symbol: planned with its real size (PGlite never analyses by itself)
    sql`ANALYZE trend_candidates`,
  ];
}

/**
 * Carries trend_candidates from D = `from` to the later D = `to`, when no row before `from` inside
 * a window of `from` changed since they were computed; `days` are the trading days from `from`
 * (included) to `to` (excluded), the rows entering the windows, in date order. Each entering day
 * removes the candidates of its symbol that it reaches (HIGH: a price ≤ its high, so the latest
 * day reaching an extreme is the one kept; LOW: ≥ its low) — the latest ones, a suffix of the
 * arrays found by binary search in the keys — and becomes a candidate of both sides; then the days
 * no longer in the YEARLY window go (a suffix of a window has the same candidates, later rows
 * decide). So a day costs its own rows, whatever the history and however many symbols' extremes
 * leave a window.
 * `adjustedSymbols`: the symbols whose adjustment ranges changed on the dates of the windows (an
 * ex-date passed, corporate actions loaded): their candidates are recomputed from their rows of
 * the YEARLY window. The other symbols' divisors are the same for every row of both windows, so
 * their candidates carry; prices are adjusted by the stored ranges, already brought to `to`.
 * `earliestPriceDate`: the earliest trade date of any price row; while it is inside the YEARLY
 * window no candidate can leave it (a history shorter than a year), and the statement that removes
 * the days leaving the window, a pass over every symbol's candidates, is skipped.
 */
export async function carryCandidates(
  db: Database,
  to: string,
  days: readonly string[],
  adjustedSymbols: readonly string[] = [],
  earliestPriceDate: string | null = null,
): Promise<void> {
  for (const day of days) {
    // kept: the candidates before the ones the day reaches (width_bucket counts the keys ≤ the
    // day's key, less one when the last of them is not equal: HIGH keeps prices above its high,
    // keys below −high); the symbol's row read once for both sides, new symbols inserted
    await db.execute(sql`
      WITH d AS MATERIALIZED (
        SELECT symbol, -max(high_price) AS high_key, min(low_price) AS low_key, max(close_price) AS close_price
        FROM (${adjustedRows(STORED_ADJUSTMENTS, sql`r.trade_date = ${day}::date`)}) AS day_rows
        GROUP BY symbol
      ),
      k AS MATERIALIZED (
        SELECT d.symbol, d.high_key, d.low_key, d.close_price, c.symbol IS NOT NULL AS known,
          CASE WHEN c.high_keys[width_bucket(d.high_key, c.high_keys)] = d.high_key
            THEN width_bucket(d.high_key, c.high_keys) - 1 ELSE width_bucket(d.high_key, c.high_keys) END AS high_kept,
          CASE WHEN c.low_keys[width_bucket(d.low_key, c.low_keys)] = d.low_key
            THEN width_bucket(d.low_key, c.low_keys) - 1 ELSE width_bucket(d.low_key, c.low_keys) END AS low_kept
        FROM d LEFT JOIN trend_candidates c ON c.symbol = d.symbol
      ),
      added AS (
        INSERT INTO trend_candidates (${CANDIDATE_COLUMNS})
        SELECT symbol, ARRAY[${day}::date], ARRAY[high_key], ARRAY[${day}::date], ARRAY[low_key], close_price FROM k WHERE NOT known
      )
      UPDATE trend_candidates c
      SET high_dates = c.high_dates[:k.high_kept] || ${day}::date, high_keys = c.high_keys[:k.high_kept] || k.high_key,
        low_dates = c.low_dates[:k.low_kept] || ${day}::date, low_keys = c.low_keys[:k.low_kept] || k.low_key,
        last_close = k.close_price
      FROM k
      WHERE k.known AND c.symbol = k.symbol`);
  }
  const yearlyStart = windowStarts(to).YEARLY;
  // the latest day is the last candidate of both sides: a symbol without it in the window goes
  if (earliestPriceDate === null || earliestPriceDate <= yearlyStart)
    await db.execute(sql`
    WITH gone AS (DELETE FROM trend_candidates WHERE high_dates[cardinality(high_dates)] <= ${yearlyStart}::date)
    UPDATE trend_candidates
    SET high_dates = high_dates[width_bucket(${yearlyStart}::date, high_dates) + 1:],
      high_keys = high_keys[width_bucket(${yearlyStart}::date, high_dates) + 1:],
      low_dates = low_dates[width_bucket(${yearlyStart}::date, low_dates) + 1:],
      low_keys = low_keys[width_bucket(${yearlyStart}::date, low_dates) + 1:]
    WHERE (high_dates[1] <= ${yearlyStart}::date OR low_dates[1] <= ${yearlyStart}::date)
      AND high_dates[cardinality(high_dates)] > ${yearlyStart}::date`);
  await redoCandidates(db, to, adjustedSymbols);
}

/** Recomputes the candidates before `tradeDate` of some symbols from their prices of the YEARLY window. */
export async function redoCandidates(db: Database, tradeDate: string, symbols: readonly string[]): Promise<void> {
  if (symbols.length === 0) return;
  await db.execute(sql`DELETE FROM trend_candidates c USING ${symbolScope(symbols)} WHERE c.symbol = u.symbol`);
  // symbol by symbol through the primary key whatever the statistics say (they lag behind a
  // growing table: a scan of the whole table per symbol was chosen on an estimate of a few rows)
  await db.execute(sql`SET LOCAL enable_seqscan = off`);
  await db.execute(sql`SET LOCAL enable_bitmapscan = off`);
  await db.execute(
    sql`INSERT INTO trend_candidates (${CANDIDATE_COLUMNS}) ${candidateRowsFromPrices(tradeDate, symbols)}`,
  );
  await db.execute(sql`SET LOCAL enable_seqscan = on`);
  await db.execute(sql`SET LOCAL enable_bitmapscan = on`);
}

/*
 * The lists and 12-month extremes of D, read from trend_candidates and the rows on D
 * (docs/decisions.md#lists-read-from-the-candidates): nothing but the candidates is stored, so a
 * day's upload writes only what it changes. D is analysis_state's as_of when the candidates were
 * made for it, read in the same statement as the candidates, so the windows and the marks always
 * belong together.
 */

/** The start of `period`'s window ending on the date `tradeDate` (SQL), as periodWindowStart (PostgreSQL's month arithmetic keeps the day or takes the month's last, as addMonths does). */
export function windowStartSql(tradeDate: SQL, period: TrendPeriod): SQL {
  const length = PERIOD_LENGTHS[period];
  return 'days' in length
    ? sql`(${tradeDate} - ${length.days}::integer)`
    : sql`(${tradeDate} - make_interval(months => ${length.months}::integer))::date`;
}

/** D (a scalar subquery): null before the first computation and while the candidates are not D's. */
const CURRENT_DAY = sql`(SELECT as_of FROM analysis_state WHERE id = 1 AND marks_as_of = as_of)`;

/**
 * The marks of every period before D from trend_candidates, one row per symbol (a parenthesised
 * relation): for each period the window's highest earlier high and lowest earlier low
 * (high_<period>, low_<period>; null when the window has no earlier row), the YEARLY ones' dates
 * (high_date, low_date) and the latest earlier row (last_date, last_close). Going back from D the
 * HIGH candidates' prices rise, so a window's highest high is its earliest HIGH candidate, reached
 * last on that day; the same for LOW. The earliest candidate after a window's start is found by
 * binary search in the dates (width_bucket: how many are on or before the start; a subscript past
 * the end is null). The latest earlier row is the latest candidate (a day is a candidate of both
 * sides until a later day comes).
 */
const currentMarks = (() => {
  const d = sql`d.as_of`;
  const before = TREND_PERIODS.map(
    (period) =>
      sql`width_bucket(${windowStartSql(d, period)}, c.high_dates) + 1 AS ${column('high_at', period)},
        width_bucket(${windowStartSql(d, period)}, c.low_dates) + 1 AS ${column('low_at', period)}`,
  );
  const marks = TREND_PERIODS.map(
    (period) =>
      sql`-high_keys[${column('high_at', period)}] AS ${column('high', period)},
        low_keys[${column('low_at', period)}] AS ${column('low', period)}`,
  );
  return sql`(
    SELECT symbol, ${sql.join(marks, sql`, `)}, high_dates[high_at_yearly] AS high_date, low_dates[low_at_yearly] AS low_date,
      high_dates[cardinality(high_dates)] AS last_date, last_close
    FROM (
      SELECT c.symbol, c.high_dates, c.high_keys, c.low_dates, c.low_keys, c.last_close, ${sql.join(before, sql`, `)}
      FROM (SELECT ${CURRENT_DAY} AS as_of) AS d JOIN trend_candidates c ON d.as_of IS NOT NULL
    ) AS c
  )`;
})();

/**
 * The ten lists of D: the symbols with a row on D and a mark in the window whose high on D reaches
 * the mark's high (LOW: low ≤ low), numbered in list order, ordered by list and position (columns
 * as trendEntriesQuery's).
 */
const currentTrendEntries = (() => {
  const lists = TREND_PERIODS.flatMap((period) => [
    sql`('HIGH', ${period}, m.${column('high', period)})`,
    sql`('LOW', ${period}, m.${column('low', period)})`,
  ]);
  return sql`
    WITH present AS (
      SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, total_traded_qty
      FROM stock_prices
      WHERE trade_date = ${CURRENT_DAY} AND ${inEquitySeries()}
    ),
    qualified AS (
      SELECT p.*, l.period, l.direction, m.last_date AS previous_date, m.last_close AS previous_close,
        l.extreme AS earlier_extreme,
        round(p.close_price - m.last_close, 2) AS change,
        CASE WHEN m.last_close = 0 THEN NULL ELSE round((p.close_price - m.last_close) / m.last_close * 100, 2) END AS change_percent
      FROM present p
      JOIN ${currentMarks} m ON m.symbol = p.symbol
      CROSS JOIN LATERAL (VALUES ${sql.join(lists, sql`, `)}) AS l(direction, period, extreme)
      -- the windows nest, so the shortest window with earlier rows has the lowest high and the
      -- highest low: a symbol that beats neither is in no list (most symbols, most days)
      WHERE (p.high_price >= coalesce(${sql.join(
        TREND_PERIODS.map((period) => sql`m.${column('high', period)}`),
        sql`, `,
      )}) OR p.low_price <= coalesce(${sql.join(
        TREND_PERIODS.map((period) => sql`m.${column('low', period)}`),
        sql`, `,
      )}))
        AND CASE l.direction WHEN 'HIGH' THEN p.high_price >= l.extreme ELSE p.low_price <= l.extreme END
    )
    SELECT * FROM (${rankedQualifiedRows}) AS entries ORDER BY direction, period, position`;
})();

/**
 * Every symbol's 12-month high and low of D from the YEARLY marks (before D) and the rows on D:
 * a high on D at least the earlier high is the high, reached on D (the latest date). In symbol
 * order (columns as priceExtremesQuery's).
 */
const currentPriceExtremes = sql`
    WITH present AS (
      SELECT symbol, trade_date, max(high_price) AS high_price, min(low_price) AS low_price
      FROM stock_prices
      WHERE trade_date = ${CURRENT_DAY} AND ${inEquitySeries()}
      GROUP BY symbol, trade_date
    ),
    earlier AS (
      SELECT symbol, high_yearly AS high_price, high_date, low_yearly AS low_price, low_date FROM ${currentMarks} m
      WHERE m.high_yearly IS NOT NULL
    )
    SELECT coalesce(p.symbol, e.symbol) AS symbol,
      CASE WHEN e.symbol IS NULL OR p.high_price >= e.high_price THEN p.high_price ELSE e.high_price END AS high_price,
      CASE WHEN e.symbol IS NULL OR p.high_price >= e.high_price THEN p.trade_date ELSE e.high_date END AS high_date,
      CASE WHEN e.symbol IS NULL OR p.low_price <= e.low_price THEN p.low_price ELSE e.low_price END AS low_price,
      CASE WHEN e.symbol IS NULL OR p.low_price <= e.low_price THEN p.trade_date ELSE e.low_date END AS low_date
    FROM present p FULL JOIN earlier e ON e.symbol = p.symbol
    ORDER BY coalesce(p.symbol, e.symbol) COLLATE "C"`;

/** A value computed from the analysis of the refresh numbered `version`. */
interface Kept<T> {
  version: number;
  value: Promise<T>;
}

const keptLists = new WeakMap<Database, Kept<Map<string, TrendResponseDto>>>();
const keptExtremes = new WeakMap<Database, Kept<PriceExtremesResponseDto>>();
const keptCoverages = new WeakMap<Database, Kept<PeriodCoverageDto[]>>();
const keptDayCoverages = new WeakMap<Database, Kept<Map<string, Promise<PeriodCoverageDto[]>>>>();

/**
 * A value of D's analysis, computed when first read after a refresh: every refresh raises
 * analysis_state's version, read here before the rows, so what is kept under a version is never
 * older than the refresh it names (a later one raises it again). Concurrent reads share one
 * computation (the Technical Analysis page asks for ten lists at once); a failed one is not kept.
 */
async function keptForVersion<T>(
  db: Database,
  kept: WeakMap<Database, Kept<T>>,
  compute: () => Promise<T>,
): Promise<T> {
  const [state] = await queryRows<{ version: number | string }>(
    db,
    sql`SELECT version FROM analysis_state WHERE id = 1`,
  );
  const version = state ? Number(state.version) : 0;
  const entry = kept.get(db);
  if (entry?.version === version) return entry.value;
  const value = compute();
  kept.set(db, { version, value });
  value.catch(() => {
    if (kept.get(db)?.value === value) kept.delete(db);
  });
  return value;
}

/** The ten lists of D in the contract's shape, keyed `DIRECTION:PERIOD` (a list without entries is absent). */
export function getCurrentTrendLists(db: Database): Promise<Map<string, TrendResponseDto>> {
  return keptForVersion(db, keptLists, async () =>
    toTrendLists(await queryRows<Record<string, unknown>>(db, currentTrendEntries)),
  );
}

/**
 * One trend list of D in the contract's shape: an object keyed by symbol, built in list order, with
 * the row on D as `Present` and the symbol's latest earlier row as `Previous`.
 */
export async function getTrendList(
  db: Database,
  direction: TrendDirection,
  period: TrendPeriod,
): Promise<TrendResponseDto> {
  return (await getCurrentTrendLists(db)).get(`${direction}:${period}`) ?? {};
}

/** Every symbol's 12-month high and low of D, keyed by symbol in byte order. */
export function getPriceExtremes(db: Database): Promise<PriceExtremesResponseDto> {
  return keptForVersion(db, keptExtremes, async () =>
    toPriceExtremes(await queryRows<PriceExtremeRow>(db, currentPriceExtremes)),
  );
}

/**
 * Whether the loaded prices cover each period's window ending on `tradeDate`
 * (docs/product/market.md#short-history): the earliest trading day loaded and the trading days
 * loaded inside each window, judged by the one rule (periodCoverage). A trading day is a date with
 * any price row; the distinct dates of the YEARLY window are read from the trade-date index.
 * `isCurrentDay`: `tradeDate` is D of the analysis (kept until the next refresh).
 */
export function getPeriodCoverages(
  db: Database,
  tradeDate: string,
  isCurrentDay: boolean,
): Promise<PeriodCoverageDto[]> {
  // D's coverage changes only with an upload, which raises the version: read once per version
  return isCurrentDay ? getCurrentPeriodCoverages(db) : periodCoveragesOf(db, tradeDate);
}

/**
 * The coverage of the windows ending on any trading day (a symbol's own latest day: Company Analysis'
 * charts, docs/product/company.md#price-windows), kept per day until the next refresh: a page's five
 * price series share one read.
 */
export async function getPeriodCoveragesOn(db: Database, tradeDate: string): Promise<PeriodCoverageDto[]> {
  const byDay = await keptForVersion(db, keptDayCoverages, () => Promise.resolve(new Map()));
  let coverages = byDay.get(tradeDate);
  if (!coverages) {
    coverages = periodCoveragesOf(db, tradeDate);
    byDay.set(tradeDate, coverages);
    coverages.catch(() => byDay.delete(tradeDate));
  }
  return coverages;
}

async function periodCoveragesOf(db: Database, tradeDate: string): Promise<PeriodCoverageDto[]> {
  const starts = windowStarts(tradeDate);
  const counts = TREND_PERIODS.map(
    (period) => sql`count(*) FILTER (WHERE day > ${starts[period]}::date) AS ${column('days', period)}`,
  );
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`
      SELECT (SELECT min(trade_date) FROM stock_prices)::text AS first_loaded, ${sql.join(counts, sql`, `)}
      FROM (
        SELECT DISTINCT trade_date AS day FROM stock_prices
        WHERE trade_date > ${starts.YEARLY}::date AND trade_date <= ${tradeDate}::date
      ) AS days`,
  );
  const firstLoaded = row?.first_loaded === null || row?.first_loaded === undefined ? null : String(row.first_loaded);
  return TREND_PERIODS.map((period) => ({
    period,
    ...periodCoverage(starts[period], firstLoaded, Number(row?.[`days_${period.toLowerCase()}`] ?? 0)),
  }));
}

/** The coverage of D's windows (getPeriodCoverages), as the lists of D are read: empty before any computation. */
export function getCurrentPeriodCoverages(db: Database): Promise<PeriodCoverageDto[]> {
  return keptForVersion(db, keptCoverages, async () => {
    const [state] = await queryRows<{ as_of: string | null }>(db, sql`SELECT ${CURRENT_DAY}::text AS as_of`);
    return state?.as_of ? periodCoveragesOf(db, state.as_of) : [];
  });
}
