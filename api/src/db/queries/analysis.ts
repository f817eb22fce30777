/**
 * The precomputed analysis (db/schema/analysis.ts): computing it from stock_prices, and reading
 * the trend lists and 12-month extremes. The computation is a few set-based statements over the
 * YEARLY window only (never the whole history), in one transaction, serialised by an advisory
 * lock so that two uploads finishing together cannot interleave.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { EQUITY_SERIES, periodWindowStart, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import type { Database } from '../client.js';
import { queryRows } from '../client.js';
import { analysisState, priceExtremes, trendEntries } from '../schema/index.js';

/** The equity series as an SQL list; constants, so inlining them is safe. */
export const EQUITY_SERIES_SQL = sql.raw(`(${EQUITY_SERIES.map((series) => `'${series}'`).join(', ')})`);

const ANALYSIS_LOCK_KEY = 7_246_004;

export interface AnalysisStateDto {
  asOf: string | null;
  priceRows: number;
  version: number;
  computedAt: string;
  durationMs: number;
}

/** D: the latest date with equity prices, or null when there are none. */
export async function getLatestPriceDate(db: Database): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT max(trade_date) AS d FROM stock_prices WHERE series IN ${EQUITY_SERIES_SQL}`,
  );
  return rows[0]?.d ?? null;
}

/** Price rows loaded, from the per-day summary the ingestion keeps in step (no scan of the price table). */
async function countPriceRows(db: Database): Promise<number> {
  const rows = await queryRows<{ n: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(row_count), 0) AS n FROM stock_price_dates`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function getAnalysisState(db: Database): Promise<AnalysisStateDto | null> {
  const [row] = await db.select().from(analysisState).where(eq(analysisState.id, 1));
  if (!row) return null;
  return {
    asOf: row.asOf,
    priceRows: row.priceRows,
    version: row.version,
    computedAt: row.computedAt.toISOString(),
    durationMs: row.durationMs,
  };
}

/** Whether the tables describe the prices as they are now (used at start). */
export async function isAnalysisCurrent(db: Database): Promise<boolean> {
  const state = await getAnalysisState(db);
  if (!state) return false;
  const [latest, rows] = await Promise.all([getLatestPriceDate(db), countPriceRows(db)]);
  return state.asOf === latest && state.priceRows === rows;
}

function windowStarts(asOf: string): Record<TrendPeriod, string> {
  return {
    WEEKLY: periodWindowStart(asOf, 'WEEKLY'),
    MONTHLY: periodWindowStart(asOf, 'MONTHLY'),
    QUARTERLY: periodWindowStart(asOf, 'QUARTERLY'),
    HALFYEARLY: periodWindowStart(asOf, 'HALFYEARLY'),
    YEARLY: periodWindowStart(asOf, 'YEARLY'),
  };
}

/**
 * The ten lists in one statement: the row on D of each equity symbol, the extremes of its
 * earlier rows in each window (one pass over the YEARLY window with FILTER), its latest earlier
 * row, then the qualifying symbols of each list numbered in list order.
 */
function insertTrendEntriesStatement(asOf: string, starts: Record<TrendPeriod, string>): SQL {
  const extremes = (Object.entries(starts) as Array<[TrendPeriod, string]>).map(
    ([period, start]) =>
      sql`max(e.high_price) FILTER (WHERE e.trade_date > ${start}::date) AS ${sql.raw(`high_${period.toLowerCase()}`)},
          min(e.low_price) FILTER (WHERE e.trade_date > ${start}::date) AS ${sql.raw(`low_${period.toLowerCase()}`)}`,
  );
  return sql`
    INSERT INTO trend_entries (direction, period, position, symbol, series, present_date, present_open, present_high, present_low,
      present_close, present_volume, previous_date, previous_close, earlier_extreme, change, change_percent)
    WITH present AS (
      SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, total_traded_qty
      FROM stock_prices
      WHERE trade_date = ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
    ),
    earlier AS (
      SELECT p.symbol, max(e.trade_date) AS previous_date, ${sql.join(extremes, sql`, `)}
      FROM present p
      JOIN stock_prices e ON e.symbol = p.symbol AND e.series IN ${EQUITY_SERIES_SQL}
        AND e.trade_date > ${starts.YEARLY}::date AND e.trade_date < ${asOf}::date
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
      JOIN stock_prices prev ON prev.symbol = p.symbol AND prev.trade_date = e.previous_date AND prev.series IN ${EQUITY_SERIES_SQL}
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
    SELECT direction, period,
      row_number() OVER (PARTITION BY direction, period
        ORDER BY CASE WHEN direction = 'HIGH' THEN -change_percent ELSE change_percent END NULLS LAST, symbol COLLATE "C"),
      symbol, series, trade_date, open_price, high_price, low_price, close_price, total_traded_qty,
      previous_date, previous_close, earlier_extreme, change, change_percent
    FROM qualified`;
}

/**
 * Each symbol's highest high and lowest low over the YEARLY window, with the latest date each
 * was reached: one aggregate pass, then one pass to find the dates.
 */
function insertPriceExtremesStatement(asOf: string, yearlyStart: string): SQL {
  return sql`
    INSERT INTO price_extremes (symbol, high_price, high_date, low_price, low_date)
    WITH window_rows AS MATERIALIZED (
      SELECT symbol, trade_date, high_price, low_price
      FROM stock_prices
      WHERE trade_date > ${yearlyStart}::date AND trade_date <= ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
    ),
    extremes AS (
      SELECT symbol, max(high_price) AS high_price, min(low_price) AS low_price FROM window_rows GROUP BY symbol
    )
    SELECT x.symbol, x.high_price, max(w.trade_date) FILTER (WHERE w.high_price = x.high_price),
           x.low_price, max(w.trade_date) FILTER (WHERE w.low_price = x.low_price)
    FROM extremes x
    JOIN window_rows w ON w.symbol = x.symbol
    GROUP BY x.symbol, x.high_price, x.low_price`;
}

/** Recomputes every precomputed list from the prices as they are now. */
export async function refreshAnalysis(db: Database): Promise<AnalysisStateDto> {
  const started = Date.now();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`SELECT pg_advisory_xact_lock(${ANALYSIS_LOCK_KEY})`);
    const [asOf, priceRows, previous] = [
      await getLatestPriceDate(t),
      await countPriceRows(t),
      await getAnalysisState(t),
    ];
    await t.execute(sql`DELETE FROM trend_entries`);
    await t.execute(sql`DELETE FROM price_extremes`);
    if (asOf) {
      const starts = windowStarts(asOf);
      await t.execute(insertTrendEntriesStatement(asOf, starts));
      await t.execute(insertPriceExtremesStatement(asOf, starts.YEARLY));
    }
    const state = {
      id: 1,
      asOf,
      priceRows,
      version: (previous?.version ?? 0) + 1,
      computedAt: new Date(),
      durationMs: Date.now() - started,
    };
    await t
      .insert(analysisState)
      .values(state)
      .onConflictDoUpdate({
        target: analysisState.id,
        set: { asOf, priceRows, version: state.version, computedAt: state.computedAt, durationMs: state.durationMs },
      });
    return {
      asOf,
      priceRows,
      version: state.version,
      computedAt: state.computedAt.toISOString(),
      durationMs: state.durationMs,
    };
  });
}

/** A row of a trend list as the REST API answers it (spec: Present and Previous). */
export interface TrendEntryDto {
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

export async function getTrendList(
  db: Database,
  direction: TrendDirection,
  period: TrendPeriod,
): Promise<TrendEntryDto[]> {
  return db
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
}

export interface PriceExtremeDto {
  symbol: string;
  highPrice: string;
  highDate: string;
  lowPrice: string;
  lowDate: string;
}

export async function getPriceExtremes(db: Database): Promise<PriceExtremeDto[]> {
  return db
    .select({
      symbol: priceExtremes.symbol,
      highPrice: priceExtremes.highPrice,
      highDate: priceExtremes.highDate,
      lowPrice: priceExtremes.lowPrice,
      lowDate: priceExtremes.lowDate,
    })
    .from(priceExtremes)
    .orderBy(sql`${priceExtremes.symbol} COLLATE "C"`);
}
