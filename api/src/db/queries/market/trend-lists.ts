/**
 * The precomputed trend lists and 12-month extremes (db/schema/market.ts): the statements that
 * compute them from stock_prices (run by analysis-state.ts), and the reads behind
 * /public/stock-prices/weeks-high, weeks-low and highestStockPriceByStock, answered in the REST
 * contract's shapes. The computation covers the YEARLY window only, never the whole history.
 *
 * Prices are adjusted for splits, bonuses and consolidations (docs/product/market.md#adjusted-prices):
 * every statement joins a relation of adjustment ranges (adjustments.ts) to the earlier rows; the
 * rows on D are never adjusted (an effective event's ex-date is on or before D).
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import { periodWindowStart, TREND_PERIODS, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import type { PriceExtremeDto, PriceExtremesResponseDto, TrendResponseDto } from '@bazaar/shared/contract';
import { queryRows, type Database } from '../../client.js';
import { priceExtremes, trendEntries } from '../../schema/index.js';
import { EQUITY_SERIES_SQL } from './stock-prices.js';
import { adjusted, rangeHolds, STORED_ADJUSTMENTS } from './adjustments.js';

/**
 * The equity rows of stock_prices (alias `alias`) with their high, low and close adjusted by the
 * ranges of `adjustments`, restricted by `where` (on the alias): a relation with the columns symbol,
 * trade_date, high_price, low_price, close_price.
 */
function adjustedRows(adjustments: SQL, where: SQL, alias = 'r'): SQL {
  const r = sql.raw(alias);
  return sql`
    SELECT ${r}.symbol, ${r}.trade_date,
      ${adjusted(sql`${r}.high_price`, 'adj')} AS high_price,
      ${adjusted(sql`${r}.low_price`, 'adj')} AS low_price,
      ${adjusted(sql`${r}.close_price`, 'adj')} AS close_price
    FROM stock_prices ${r}
    LEFT JOIN ${adjustments} AS adj ON ${rangeHolds(alias, 'adj')}
    WHERE ${r}.series IN ${EQUITY_SERIES_SQL} AND ${where}`;
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
export function windowStarts(asOf: string): Record<TrendPeriod, string> {
  return Object.fromEntries(TREND_PERIODS.map((period) => [period, periodWindowStart(asOf, period)])) as Record<
    TrendPeriod,
    string
  >;
}

/**
 * The ten lists in one statement: the row on D of each equity symbol, the extremes of its
 * earlier rows in each window (one pass over the YEARLY window with FILTER), its latest earlier
 * row, then the qualifying symbols of each list numbered in list order.
 */
export function insertTrendEntriesStatement(
  asOf: string,
  starts: Record<TrendPeriod, string>,
  adjustments: SQL = STORED_ADJUSTMENTS,
): SQL {
  return sql`
    INSERT INTO trend_entries (direction, period, position, symbol, series, present_date, present_open, present_high, present_low,
      present_close, present_volume, previous_date, previous_close, earlier_extreme, change, change_percent)
    ${trendEntriesQuery(asOf, starts, adjustments)}`;
}

/**
 * The rows of the ten lists for D (the columns of trend_entries, in its order): stored by
 * insertTrendEntriesStatement, read directly for a past day or raw prices (as-of.ts). The earlier
 * rows are adjusted by the ranges of `adjustments` (as of `asOf`).
 */
export function trendEntriesQuery(asOf: string, starts: Record<TrendPeriod, string>, adjustments: SQL): SQL {
  const extremes = (Object.entries(starts) as Array<[TrendPeriod, string]>).map(
    ([period, start]) =>
      sql`max(e.high_price) FILTER (WHERE e.trade_date > ${start}::date) AS ${sql.raw(`high_${period.toLowerCase()}`)},
          min(e.low_price) FILTER (WHERE e.trade_date > ${start}::date) AS ${sql.raw(`low_${period.toLowerCase()}`)}`,
  );
  return sql`
    WITH present AS (
      SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, total_traded_qty
      FROM stock_prices
      WHERE trade_date = ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
    ),
    earlier_rows AS MATERIALIZED (
      ${adjustedRows(adjustments, sql`r.trade_date > ${starts.YEARLY}::date AND r.trade_date < ${asOf}::date`)}
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
 * Each symbol's highest high and lowest low over the YEARLY window, with the latest date each
 * was reached: one aggregate pass, then one pass to find the dates.
 */
export function insertPriceExtremesStatement(
  asOf: string,
  yearlyStart: string,
  adjustments: SQL = STORED_ADJUSTMENTS,
): SQL {
  return sql`
    INSERT INTO price_extremes (symbol, high_price, high_date, low_price, low_date)
    ${priceExtremesQuery(asOf, yearlyStart, adjustments)}`;
}

/**
 * The rows of price_extremes for D: stored by insertPriceExtremesStatement, read directly for a
 * past day or raw prices (as-of.ts); prices adjusted by the ranges of `adjustments` (as of `asOf`).
 */
export function priceExtremesQuery(asOf: string, yearlyStart: string, adjustments: SQL): SQL {
  return sql`
    WITH window_rows AS MATERIALIZED (
      ${adjustedRows(adjustments, sql`r.trade_date > ${yearlyStart}::date AND r.trade_date <= ${asOf}::date`)}
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

/**
 * One trend list in the contract's shape: an object keyed by symbol, built in list order, with the
 * row on D as `Present` and the symbol's latest earlier row as `Previous`.
 */
export async function getTrendList(
  db: Database,
  direction: TrendDirection,
  period: TrendPeriod,
): Promise<TrendResponseDto> {
  const entries = await db
    .select({
      position: trendEntries.position,
      symbol: trendEntries.symbol,
      series: trendEntries.series,
      presentDate: trendEntries.presentDate,
      presentOpen: trendEntries.presentOpen,
      presentHigh: trendEntries.presentHigh,
      presentLow: trendEntries.presentLow,
      presentClose: trendEntries.presentClose,
      presentVolume: trendEntries.presentVolume,
      previousDate: trendEntries.previousDate,
      previousClose: trendEntries.previousClose,
      earlierExtreme: trendEntries.earlierExtreme,
      change: trendEntries.change,
      changePercent: trendEntries.changePercent,
    })
    .from(trendEntries)
    .where(sql`${trendEntries.direction} = ${direction} AND ${trendEntries.period} = ${period}`)
    .orderBy(asc(trendEntries.position));
  return toTrendResponse(entries);
}

/** A stored or computed trend entry (the columns of trend_entries). */
export interface TrendEntryRow {
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
export function toTrendResponse(entries: readonly TrendEntryRow[]): TrendResponseDto {
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

/** Every symbol's 12-month high and low, keyed by symbol in byte order. */
export async function getPriceExtremes(db: Database): Promise<PriceExtremesResponseDto> {
  const rows: PriceExtremeDto[] = await db
    .select({
      symbol: priceExtremes.symbol,
      highPrice: priceExtremes.highPrice,
      highDate: priceExtremes.highDate,
      lowPrice: priceExtremes.lowPrice,
      lowDate: priceExtremes.lowDate,
    })
    .from(priceExtremes)
    .orderBy(sql`${priceExtremes.symbol} COLLATE "C"`);
  return Object.fromEntries(rows.map((row) => [row.symbol, row]));
}

/*
 * trend_marks (db/schema/market.ts): each symbol's extremes and latest row in each period's
 * window before D, from which the stored lists and 12-month extremes are made, and which are
 * carried forward when D moves on (docs/decisions.md#incremental-analysis-refresh).
 */

const MARK_COLUMNS = sql.raw('symbol, period, high_price, high_date, low_price, low_date, last_date, last_close');

/** The five windows as rows `b(period, after)`: a window holds the dates t with after < t (< D). */
function windowBounds(starts: Record<TrendPeriod, string>): SQL {
  const rows = TREND_PERIODS.map((period) => sql`(${period}, ${starts[period]}::date)`);
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS b(period, after)`;
}

const column = (prefix: string, period: TrendPeriod) => sql.raw(`${prefix}_${period.toLowerCase()}`);

/**
 * The marks before `asOf` (trend_marks' columns) straight from the prices of the YEARLY window:
 * one aggregate pass per symbol with a FILTER per window, one pass to find the latest date of each
 * extreme and the latest close, then one row per symbol and period with rows.
 * `redo`: only some symbols, each from a window start on (`scope`, a relation `u(symbol, after)`),
 * read symbol by symbol as one range of the primary key (symbol, trade_date, …): the window's
 * start as a row comparison only that key can serve, so the trade-date index, which a newest day
 * missing from the statistics makes look cheap, is not scanned once per symbol; OFFSET 0 keeps the
 * read per symbol. The periods whose window starts at or after that start are computed.
 * Prices are adjusted by the stored ranges (price_adjustments, as of `asOf`).
 */
export function marksFromPricesQuery(
  asOf: string,
  starts: Record<TrendPeriod, string> = windowStarts(asOf),
  redo?: { scope: SQL },
): SQL {
  const high = adjusted(sql`r.high_price`, 'adj');
  const low = adjusted(sql`r.low_price`, 'adj');
  const close = adjusted(sql`r.close_price`, 'adj');
  const inWindow = (period: TrendPeriod) => sql`r.trade_date > ${starts[period]}::date`;
  const extremes = TREND_PERIODS.map(
    (period) =>
      sql`max(r.high_price) FILTER (WHERE ${inWindow(period)}) AS ${column('high', period)},
          min(r.low_price) FILTER (WHERE ${inWindow(period)}) AS ${column('low', period)}`,
  );
  const dates = TREND_PERIODS.map(
    (period) =>
      sql`max(r.trade_date) FILTER (WHERE ${inWindow(period)} AND r.high_price = x.${column('high', period)}) AS ${column('high_date', period)},
          max(r.trade_date) FILTER (WHERE ${inWindow(period)} AND r.low_price = x.${column('low', period)}) AS ${column('low_date', period)}`,
  );
  const periods = TREND_PERIODS.map(
    (period) =>
      sql`(${period}, ${starts[period]}::date, x.${column('high', period)}, d.${column('high_date', period)}, x.${column('low', period)}, d.${column('low_date', period)})`,
  );
  return sql`
    WITH window_rows AS ${redo ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (
      ${
        redo
          ? sql`SELECT r.symbol, r.trade_date, ${high} AS high_price, ${low} AS low_price, ${close} AS close_price, u.after AS redo_after
              FROM ${redo.scope} CROSS JOIN LATERAL (
                SELECT * FROM stock_prices r
                WHERE r.symbol = u.symbol AND (r.symbol, r.trade_date) > (u.symbol, u.after)
                  AND r.trade_date < ${asOf}::date AND r.series IN ${EQUITY_SERIES_SQL}
                OFFSET 0
              ) AS r
              LEFT JOIN ${STORED_ADJUSTMENTS} AS adj ON ${rangeHolds('r', 'adj')}`
          : sql`SELECT r.symbol, r.trade_date, ${high} AS high_price, ${low} AS low_price, ${close} AS close_price, ${starts.YEARLY}::date AS redo_after
              FROM stock_prices r
              LEFT JOIN ${STORED_ADJUSTMENTS} AS adj ON ${rangeHolds('r', 'adj')}
              WHERE r.trade_date > ${starts.YEARLY}::date AND r.trade_date < ${asOf}::date AND r.series IN ${EQUITY_SERIES_SQL}`
      }
    ),
    extremes AS MATERIALIZED (
      SELECT r.symbol, max(r.redo_after) AS redo_after, max(r.trade_date) AS last_date, ${sql.join(extremes, sql`, `)}
      FROM window_rows r GROUP BY r.symbol
    ),
    dated AS (
      SELECT r.symbol, max(r.close_price) FILTER (WHERE r.trade_date = x.last_date) AS last_close, ${sql.join(dates, sql`, `)}
      FROM window_rows r JOIN extremes x ON x.symbol = r.symbol
      GROUP BY r.symbol
    )
    SELECT x.symbol, v.period, v.high_price, v.high_date, v.low_price, v.low_date, x.last_date, d.last_close
    FROM extremes x
    JOIN dated d ON d.symbol = x.symbol
    CROSS JOIN LATERAL (VALUES ${sql.join(periods, sql`, `)}) AS v(period, after, high_price, high_date, low_price, low_date)
    WHERE v.high_price IS NOT NULL AND v.after >= x.redo_after`;
}

/** Replaces trend_marks with the marks before `asOf` computed from the prices. */
export function rebuildMarksStatements(asOf: string): SQL[] {
  return [
    sql`DELETE FROM trend_marks`,
    sql`INSERT INTO trend_marks (${MARK_COLUMNS}) ${marksFromPricesQuery(asOf)}`,
    // the carrying statements probe it by symbol: planned with its real size (PGlite never analyses by itself)
    sql`ANALYZE trend_marks`,
  ];
}

/**
 * Carries trend_marks from D = `from` to the later D = `to`, when no row before `from` inside a
 * window of `from` changed since they were computed; `days` are the trading days from `from`
 * (included) to `to` (excluded), the rows entering the windows. Per symbol and period:
 * - rows leaving the window (after_from < t ≤ after_to, t < from) that reach the mark (a high ≥
 *   the mark's high or a low ≤ its low) make it unknown: such a symbol is recomputed from its
 *   rows of its widest unknown window (and the narrower ones);
 * - each entering day is combined in: greatest high, least low, its date when it reaches them,
 *   and it is the latest row (combining a row already counted changes nothing, so recomputed
 *   symbols take it too);
 * - a pair whose latest row has left the window has no rows left: it goes.
 * `adjusted`: the symbols whose adjustment ranges changed on the dates of the windows (an ex-date
 * passed, corporate actions loaded): their marks are recomputed from their rows of the YEARLY
 * window. The other symbols' divisors are the same for every row of both windows, so their marks
 * carry; prices are adjusted by the stored ranges, already brought to `to`.
 */
export async function carryMarks(
  db: Database,
  from: string,
  to: string,
  days: readonly string[],
  adjustedSymbols: readonly string[] = [],
): Promise<void> {
  const before = windowStarts(from);
  const after = windowStarts(to);
  const leaving = TREND_PERIODS.filter((period) => after[period] > before[period]).map(
    (period) => sql`
      SELECT ${period}::text AS period, ${after[period]}::date AS after, symbol,
        max(high_price) AS high_price, min(low_price) AS low_price
      FROM (${adjustedRows(
        STORED_ADJUSTMENTS,
        sql`r.trade_date > ${before[period]}::date AND r.trade_date <= ${after[period]}::date AND r.trade_date < ${from}::date`,
      )}) AS leaving_rows
      GROUP BY symbol`,
  );
  const leavingRedo =
    leaving.length === 0
      ? []
      : await queryRows<{ symbol: string; after: string }>(
          db,
          sql`
            WITH gone AS MATERIALIZED (${sql.join(leaving, sql` UNION ALL `)})
            SELECT m.symbol, min(gone.after) AS after
            FROM gone JOIN trend_marks m ON m.symbol = gone.symbol AND m.period = gone.period
            WHERE gone.high_price >= m.high_price OR gone.low_price <= m.low_price
            GROUP BY m.symbol`,
        );
  const redo = new Map(leavingRedo.map((row) => [row.symbol, row.after]));
  for (const symbol of adjustedSymbols) redo.set(symbol, after.YEARLY);
  await redoMarks(
    db,
    to,
    after,
    [...redo].map(([symbol, start]) => ({ symbol, after: start })),
  );
  for (const day of days) {
    await db.execute(sql`
      INSERT INTO trend_marks (${MARK_COLUMNS})
      SELECT a.symbol, b.period, a.high_price, ${day}::date, a.low_price, ${day}::date, ${day}::date, a.close_price
      FROM (
        SELECT symbol, max(high_price) AS high_price, min(low_price) AS low_price, max(close_price) AS close_price
        FROM (${adjustedRows(STORED_ADJUSTMENTS, sql`r.trade_date = ${day}::date`)}) AS day_rows GROUP BY symbol
      ) AS a
      JOIN ${windowBounds(after)} ON ${day}::date > b.after
      ON CONFLICT (symbol, period) DO UPDATE SET
        high_price = greatest(trend_marks.high_price, excluded.high_price),
        high_date = CASE WHEN excluded.high_price >= trend_marks.high_price THEN excluded.high_date ELSE trend_marks.high_date END,
        low_price = least(trend_marks.low_price, excluded.low_price),
        low_date = CASE WHEN excluded.low_price <= trend_marks.low_price THEN excluded.low_date ELSE trend_marks.low_date END,
        last_date = excluded.last_date, last_close = excluded.last_close`);
  }
  await db.execute(
    sql`DELETE FROM trend_marks m USING ${windowBounds(after)} WHERE m.period = b.period AND m.last_date <= b.after`,
  );
}

/**
 * Recomputes the marks before `asOf` of some symbols from their prices: each symbol's periods
 * whose window starts at or after its `after` (after = the YEARLY start: all of them).
 */
export async function redoMarks(
  db: Database,
  asOf: string,
  starts: Record<TrendPeriod, string>,
  symbols: ReadonlyArray<{ symbol: string; after: string }>,
): Promise<void> {
  if (symbols.length === 0) return;
  const rows = symbols.map((row) => sql`(${row.symbol}::text, ${row.after}::date)`);
  const scope = sql`(VALUES ${sql.join(rows, sql`, `)}) AS u(symbol, after)`;
  await db.execute(sql`DELETE FROM trend_marks m USING ${scope}, ${windowBounds(starts)}
    WHERE m.symbol = u.symbol AND m.period = b.period AND b.after >= u.after`);
  // symbol by symbol through the primary key whatever the statistics say (they lag behind a
  // growing table: a scan of the whole table per symbol was chosen on an estimate of a few rows)
  await db.execute(sql`SET LOCAL enable_seqscan = off`);
  await db.execute(sql`SET LOCAL enable_bitmapscan = off`);
  await db.execute(sql`INSERT INTO trend_marks (${MARK_COLUMNS}) ${marksFromPricesQuery(asOf, starts, { scope })}`);
  await db.execute(sql`SET LOCAL enable_seqscan = on`);
  await db.execute(sql`SET LOCAL enable_bitmapscan = on`);
}

/**
 * The ten lists of D from marks (a relation with trend_marks' columns, before D) and the rows
 * on D: the symbols with a row on D and a mark in the window whose high on D reaches the mark's
 * high (LOW: low ≤ low), numbered in list order. Columns as trend_entries'.
 */
export function trendEntriesFromMarksQuery(asOf: string, marks: SQL): SQL {
  return sql`
    WITH present AS (
      SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, total_traded_qty
      FROM stock_prices
      WHERE trade_date = ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
    ),
    qualified AS (
      SELECT p.*, m.period, l.direction, m.last_date AS previous_date, m.last_close AS previous_close,
        CASE l.direction WHEN 'HIGH' THEN m.high_price ELSE m.low_price END AS earlier_extreme,
        round(p.close_price - m.last_close, 2) AS change,
        CASE WHEN m.last_close = 0 THEN NULL ELSE round((p.close_price - m.last_close) / m.last_close * 100, 2) END AS change_percent
      FROM present p
      JOIN ${marks} m ON m.symbol = p.symbol
      CROSS JOIN (VALUES ('HIGH'), ('LOW')) AS l(direction)
      WHERE (l.direction = 'HIGH' AND p.high_price >= m.high_price) OR (l.direction = 'LOW' AND p.low_price <= m.low_price)
    )
    ${rankedQualifiedRows}`;
}

/**
 * Every symbol's 12-month high and low of D from the YEARLY marks (before D) and the rows on D:
 * a high on D at least the earlier high is the high, reached on D (the latest date). Columns as
 * price_extremes'.
 */
export function priceExtremesFromMarksQuery(asOf: string, marks: SQL): SQL {
  return sql`
    WITH present AS (
      SELECT symbol, max(high_price) AS high_price, min(low_price) AS low_price
      FROM stock_prices
      WHERE trade_date = ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
      GROUP BY symbol
    ),
    earlier AS (SELECT symbol, high_price, high_date, low_price, low_date FROM ${marks} m WHERE m.period = 'YEARLY')
    SELECT coalesce(p.symbol, e.symbol) AS symbol,
      CASE WHEN e.symbol IS NULL OR p.high_price >= e.high_price THEN p.high_price ELSE e.high_price END AS high_price,
      CASE WHEN e.symbol IS NULL OR p.high_price >= e.high_price THEN ${asOf}::date ELSE e.high_date END AS high_date,
      CASE WHEN e.symbol IS NULL OR p.low_price <= e.low_price THEN p.low_price ELSE e.low_price END AS low_price,
      CASE WHEN e.symbol IS NULL OR p.low_price <= e.low_price THEN ${asOf}::date ELSE e.low_date END AS low_date
    FROM present p FULL JOIN earlier e ON e.symbol = p.symbol`;
}

/** Replaces the stored lists and 12-month extremes with those of D made from trend_marks. */
export function storeListsStatements(asOf: string | null): SQL[] {
  const statements = [sql`DELETE FROM trend_entries`, sql`DELETE FROM price_extremes`];
  if (!asOf) return statements;
  return [
    ...statements,
    sql`INSERT INTO trend_entries (direction, period, position, symbol, series, present_date, present_open, present_high, present_low,
      present_close, present_volume, previous_date, previous_close, earlier_extreme, change, change_percent)
      ${trendEntriesFromMarksQuery(asOf, sql`trend_marks`)}`,
    sql`INSERT INTO price_extremes (symbol, high_price, high_date, low_price, low_date)
      ${priceExtremesFromMarksQuery(asOf, sql`trend_marks`)}`,
  ];
}
