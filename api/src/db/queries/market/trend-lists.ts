/**
 * The precomputed trend lists and 12-month extremes (db/schema/market.ts): the statements that
 * compute them from stock_prices (run by analysis-state.ts), and the reads behind
 * /public/stock-prices/weeks-high, weeks-low and highestStockPriceByStock, answered in the REST
 * contract's shapes. The computation covers the YEARLY window only, never the whole history.
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import { periodWindowStart, TREND_PERIODS, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import type { PriceExtremeDto, PriceExtremesResponseDto, TrendResponseDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { priceExtremes, trendEntries } from '../../schema/index.js';
import { EQUITY_SERIES_SQL } from './stock-prices.js';

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
export function insertTrendEntriesStatement(asOf: string, starts: Record<TrendPeriod, string>): SQL {
  return sql`
    INSERT INTO trend_entries (direction, period, position, symbol, series, present_date, present_open, present_high, present_low,
      present_close, present_volume, previous_date, previous_close, earlier_extreme, change, change_percent)
    ${trendEntriesQuery(asOf, starts)}`;
}

/**
 * The rows of the ten lists for D (the columns of trend_entries, in its order): stored by
 * insertTrendEntriesStatement, read directly for a past day (as-of.ts).
 */
export function trendEntriesQuery(asOf: string, starts: Record<TrendPeriod, string>): SQL {
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
        ORDER BY CASE WHEN direction = 'HIGH' THEN -change_percent ELSE change_percent END NULLS LAST, symbol COLLATE "C") AS position,
      symbol, series, trade_date AS present_date, open_price AS present_open, high_price AS present_high, low_price AS present_low,
      close_price AS present_close, total_traded_qty AS present_volume,
      previous_date, previous_close, earlier_extreme, change, change_percent
    FROM qualified`;
}

/**
 * Each symbol's highest high and lowest low over the YEARLY window, with the latest date each
 * was reached: one aggregate pass, then one pass to find the dates.
 */
export function insertPriceExtremesStatement(asOf: string, yearlyStart: string): SQL {
  return sql`
    INSERT INTO price_extremes (symbol, high_price, high_date, low_price, low_date)
    ${priceExtremesQuery(asOf, yearlyStart)}`;
}

/** The rows of price_extremes for D: stored by insertPriceExtremesStatement, read directly for a past day (as-of.ts). */
export function priceExtremesQuery(asOf: string, yearlyStart: string): SQL {
  return sql`
    WITH window_rows AS MATERIALIZED (
      SELECT symbol, trade_date, high_price, low_price
      FROM stock_prices
      WHERE trade_date > ${yearlyStart}::date AND trade_date <= ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
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
