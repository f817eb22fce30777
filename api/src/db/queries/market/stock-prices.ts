/**
 * Price reads behind /public/stock-prices and the technical-analysis SMA: every symbol's row on a
 * day (D by default), the trading days, a symbol's candles, its last closes, its closes over a
 * period's window. Every read goes through an index (the price table's primary key starts with the
 * symbol; a day's rows and the latest day are found through the trade-date index) so none of them
 * scans price history.
 *
 * Prices are adjusted for splits, bonuses and consolidations unless `adjusted` is false
 * (docs/product/market.md#adjusted-prices): a symbol's history as of D (every effective event),
 * a day's previous close for the events effective on that day.
 */
import { sql, type SQL } from 'drizzle-orm';
import Big from 'big.js';
import { EQUITY_SERIES, periodWindowStart, roundDecimal, type TrendPeriod } from '@bazaar/shared';
import type { CandleDto, PriceSeriesDto, StockPriceRowDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { adjusted, adjustmentRangesQuery, NO_ADJUSTMENTS, rangeHolds, STORED_ADJUSTMENTS } from './adjustments.js';

/** The equity series as an SQL list; constants, so inlining them is safe. */
export const EQUITY_SERIES_SQL = sql.raw(`(${EQUITY_SERIES.map((series) => `'${series}'`).join(', ')})`);

/**
 * The ranges a symbol's history is adjusted by: the stored ones (as of D, made by the refresh that
 * answers every upload, the same the lists and 12-month extremes were computed with; a probe of
 * their key per symbol), or none for raw prices.
 */
function historyAdjustments(adjust: boolean): SQL {
  return adjust ? STORED_ADJUSTMENTS : NO_ADJUSTMENTS;
}

/** D: the latest date with equity prices, or null when there are none. */
export async function getLatestPriceDate(db: Database): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT max(trade_date) AS d FROM stock_prices WHERE series IN ${EQUITY_SERIES_SQL}`,
  );
  return rows[0]?.d ?? null;
}

/** The trading days with uploaded prices, ascending (the uploads' per-day summary: no scan of the price table). */
export async function listTradingDays(db: Database): Promise<string[]> {
  const rows = await queryRows<{ d: string }>(
    db,
    sql`SELECT trade_date AS d FROM stock_price_dates ORDER BY trade_date`,
  );
  return rows.map((row) => row.d);
}

/**
 * Every equity symbol's row on a day: `date`, or D when none is given (docs/product/market.md#any-day).
 * The previous close is the symbol's previous trading close (its latest earlier equity row; the
 * highest close when it had two series that day), adjusted for the events effective on the day
 * (ex-date after that close, on or before the day), or raw when `adjusted` is false; the exchange's
 * PREVCLOSE only when no earlier row is loaded (docs/product/market.md#one-days-change). A day
 * without equity prices answers no rows.
 */
export async function getStockPricesOn(
  db: Database,
  date?: string,
  adjust = true,
): Promise<{ asOf: string | null; rows: StockPriceRowDto[] }> {
  const asOf = date ?? (await getLatestPriceDate(db));
  if (!asOf) return { asOf, rows: [] };
  const ranges = adjust ? adjustmentRangesQuery(asOf) : NO_ADJUSTMENTS;
  const rows = await queryRows<Omit<StockPriceRowDto, 'changePerDay' | 'changePercent'>>(
    db,
    sql`
      WITH day AS MATERIALIZED (
        SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, last_price, prev_close, total_traded_qty, isin
        FROM stock_prices WHERE trade_date = ${asOf}::date AND series IN ${EQUITY_SERIES_SQL}
      ),
      -- the adjustment ranges as of the day, computed once whatever plan the join gets
      ranges AS MATERIALIZED ${ranges},
      previous_day AS (
        SELECT symbol, trade_date, max(close_price) AS close_price FROM stock_prices
        WHERE trade_date = (SELECT max(trade_date) FROM stock_price_dates WHERE trade_date < ${asOf}::date)
          AND series IN ${EQUITY_SERIES_SQL}
        GROUP BY symbol, trade_date
      ),
      -- one row per row of the day, its previous close beside it: joining the day back to a derived list of previous
      -- closes let the planner, which estimates a new day at one row, recompute that list once per row of the day
      sp AS (
        SELECT d.*, coalesce(p.trade_date, o.trade_date) AS previous_date, coalesce(p.close_price, o.close_price) AS previous_close
        FROM day d
        LEFT JOIN previous_day p ON p.symbol = d.symbol
        -- a symbol that did not trade on the previous trading day: its own latest earlier row
        LEFT JOIN LATERAL (
          SELECT o.trade_date, o.close_price FROM stock_prices o
          WHERE p.symbol IS NULL AND o.symbol = d.symbol AND o.series IN ${EQUITY_SERIES_SQL} AND o.trade_date < ${asOf}::date
          ORDER BY o.trade_date DESC, o.close_price DESC LIMIT 1
        ) AS o ON true
      )
      SELECT sp.symbol, sp.series, sp.trade_date AS "date", sp.open_price AS "openPrice", sp.high_price AS "highPrice",
        sp.low_price AS "lowPrice", sp.close_price AS "closePrice", sp.last_price AS "lastPrice",
        coalesce(${adjusted(sql`sp.previous_close`, 'adj')}, sp.prev_close) AS "previousClose",
        sp.total_traded_qty AS "volume", sp.isin
      FROM sp
      LEFT JOIN ranges AS adj ON ${rangeHolds('sp', 'adj', 'previous_date')}
      ORDER BY sp.symbol COLLATE "C"`,
  );
  return {
    asOf,
    rows: rows.map((row) => {
      const volume = row.volume === null ? null : Number(row.volume);
      const previous = row.previousClose;
      if (previous === null) return { ...row, volume, changePerDay: null, changePercent: null };
      const change = new Big(row.closePrice).minus(previous);
      return {
        ...row,
        volume,
        changePerDay: roundDecimal(change),
        changePercent: new Big(previous).eq(0) ? null : roundDecimal(change.div(previous).times(100)),
      };
    }),
  };
}

/** A symbol's daily candles (equity series), oldest first, optionally within [from, to]; adjusted as of D unless `adjust` is false. */
export async function getCandles(
  db: Database,
  symbol: string,
  range: { from?: string | undefined; to?: string | undefined } = {},
  adjust = true,
): Promise<CandleDto[]> {
  const conditions: SQL[] = [sql`r.symbol = ${symbol}`, sql`r.series IN ${EQUITY_SERIES_SQL}`];
  if (range.from) conditions.push(sql`r.trade_date >= ${range.from}::date`);
  if (range.to) conditions.push(sql`r.trade_date <= ${range.to}::date`);
  return queryRows<CandleDto>(
    db,
    sql`
      SELECT r.trade_date AS "date", ${adjusted(sql`r.open_price`, 'adj')} AS "openPrice",
        ${adjusted(sql`r.high_price`, 'adj')} AS "highPrice", ${adjusted(sql`r.low_price`, 'adj')} AS "lowPrice",
        ${adjusted(sql`r.close_price`, 'adj')} AS "closePrice"
      FROM stock_prices r
      LEFT JOIN ${historyAdjustments(adjust)} AS adj ON ${rangeHolds('r', 'adj')}
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY r.trade_date`,
  );
}

/** The last `count` closes of a symbol (equity series), oldest first; adjusted as of D unless `adjust` is false. */
export async function getLastCloses(
  db: Database,
  symbol: string,
  count: number,
  adjust = true,
): Promise<Array<{ date: string; close: string }>> {
  const rows = await queryRows<{ date: string; close: string }>(
    db,
    sql`
      SELECT r.trade_date AS "date", ${adjusted(sql`r.close_price`, 'adj')} AS "close"
      FROM (
        SELECT symbol, trade_date, close_price FROM stock_prices
        WHERE symbol = ${symbol} AND series IN ${EQUITY_SERIES_SQL}
        ORDER BY trade_date DESC LIMIT ${count}
      ) AS r
      LEFT JOIN ${historyAdjustments(adjust)} AS adj ON ${rangeHolds('r', 'adj')}
      ORDER BY r.trade_date`,
  );
  return rows;
}

/** A symbol's latest date with equity prices, or null (one probe of the primary key, which starts with the symbol). */
export async function getSymbolLatestDate(db: Database, symbol: string): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT max(trade_date) AS d FROM stock_prices WHERE symbol = ${symbol} AND series IN ${EQUITY_SERIES_SQL}`,
  );
  return rows[0]?.d ?? null;
}

/**
 * The closes of a symbol inside the window of `period` ending on the symbol's own latest trading
 * day (D for a symbol that traded on D; docs/product/company.md#price-windows): `{dates, prices}`;
 * adjusted as of D unless `adjust` is false.
 */
export async function getPriceSeriesForPeriod(
  db: Database,
  symbol: string,
  period: TrendPeriod,
  adjust = true,
): Promise<PriceSeriesDto> {
  const asOf = await getSymbolLatestDate(db, symbol);
  if (!asOf) return { dates: [], prices: [] };
  const rows = await queryRows<{ date: string; close: string }>(
    db,
    sql`
      SELECT r.trade_date AS "date", ${adjusted(sql`r.close_price`, 'adj')} AS "close"
      FROM stock_prices r
      LEFT JOIN ${historyAdjustments(adjust)} AS adj ON ${rangeHolds('r', 'adj')}
      WHERE r.symbol = ${symbol} AND r.series IN ${EQUITY_SERIES_SQL}
        AND r.trade_date > ${periodWindowStart(asOf, period)}::date AND r.trade_date <= ${asOf}::date
      ORDER BY r.trade_date`,
  );
  return { dates: rows.map((row) => row.date), prices: rows.map((row) => row.close) };
}
