/**
 * Price reads behind /public/stock-prices and the technical-analysis SMA: every symbol's row on a
 * day (D by default, whole or a page at a time), the trading days, a symbol's last closes, its
 * closes over a period's window (its candles: candles.ts). Every read goes through an index (the price table's primary key starts with the
 * symbol; a day's rows and the latest day are found through the trade-date index) so none of them
 * scans price history.
 *
 * Prices are adjusted for splits, bonuses and consolidations unless `adjusted` is false
 * (docs/product/market.md#adjusted-prices): a symbol's history as of D (every effective event),
 * a day's previous close for the events effective on that day.
 */
import { sql, type SQL } from 'drizzle-orm';
import Big from 'big.js';
import { periodWindowStart, roundDecimal, type TrendPeriod } from '@bazaar/shared';
import type { PriceSeriesDto, StockPriceRowDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { inEquitySeries, LATEST_TRADE_DATE } from './equity-series.js';
import { getPeriodCoveragesOn } from './trend-lists.js';
import { adjustedPrice, adjustmentRangesQuery, NO_ADJUSTMENTS, rangeHolds, STORED_ADJUSTMENTS } from './adjustments.js';

/**
 * The ranges a symbol's history is adjusted by: the stored ones (as of D, made by the refresh that
 * answers every upload, the same the lists and 12-month extremes were computed with; a probe of
 * their key per symbol), or none for raw prices.
 */
function historyAdjustments(adjusted: boolean): SQL {
  return adjusted ? STORED_ADJUSTMENTS : NO_ADJUSTMENTS;
}

/** D: the latest date with equity prices, or null when there are none. */
export async function getLatestTradeDate(db: Database): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(db, sql`SELECT ${LATEST_TRADE_DATE} AS d`);
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

/** A page of a day's rows: at most `limit` after the symbol and series `after` (null: from the first). */
export interface StockPricePageAsked {
  limit: number;
  after: readonly [symbol: string, series: string] | null;
}

/** The equity rows of a trading day (an empty page after the last row still says how many there are). */
async function countEquityRowsOn(db: Database, tradeDate: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM stock_prices WHERE trade_date = ${tradeDate}::date AND ${inEquitySeries()}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Every equity symbol's row on a trading day: `tradeDate`, or D when none is given (docs/product/market.md#any-day),
 * by symbol then series, all of them or the page asked for with how many there are in all (`total`).
 * The previous close is the symbol's previous trading close (its latest earlier equity row; the
 * highest close when it had two series that day), adjusted for the events effective on the day
 * (ex-date after that close, on or before the day), or raw when `adjusted` is false; the exchange's
 * PREVCLOSE only when no earlier row is loaded (docs/product/market.md#one-days-change). A day
 * without equity prices answers no rows.
 */
export async function getStockPricesOn(
  db: Database,
  tradeDate?: string,
  adjusted = true,
  page?: StockPricePageAsked,
): Promise<{ tradeDate: string | null; rows: StockPriceRowDto[]; total: number; more: boolean }> {
  const day = tradeDate ?? (await getLatestTradeDate(db));
  if (!day) return { tradeDate: day, rows: [], total: 0, more: false };
  const ranges = adjusted ? adjustmentRangesQuery(day) : NO_ADJUSTMENTS;
  // a page: the rows after the cursor's symbol and series, one more than asked to tell whether more follow
  const after = page?.after
    ? sql`(symbol COLLATE "C", series COLLATE "C") > (${page.after[0]} COLLATE "C", ${page.after[1]} COLLATE "C")`
    : sql`true`;
  const limit = page ? sql`LIMIT ${page.limit + 1}` : sql``;
  const rows = await queryRows<Omit<StockPriceRowDto, 'changePerDay' | 'changePercent'> & { total: number | string }>(
    db,
    sql`
      WITH whole_day AS MATERIALIZED (
        SELECT symbol, series, trade_date, open_price, high_price, low_price, close_price, last_price, prev_close, total_traded_qty, isin
        FROM stock_prices WHERE trade_date = ${day}::date AND ${inEquitySeries()}
      ),
      day AS MATERIALIZED (
        SELECT * FROM whole_day WHERE ${after} ORDER BY symbol COLLATE "C", series COLLATE "C" ${limit}
      ),
      -- the adjustment ranges as of the day, computed once whatever plan the join gets
      ranges AS MATERIALIZED ${ranges},
      previous_day AS (
        SELECT symbol, trade_date, max(close_price) AS close_price FROM stock_prices
        WHERE trade_date = (SELECT max(trade_date) FROM stock_price_dates WHERE trade_date < ${day}::date)
          AND ${inEquitySeries()}
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
          WHERE p.symbol IS NULL AND o.symbol = d.symbol AND ${inEquitySeries('o.series')} AND o.trade_date < ${day}::date
          ORDER BY o.trade_date DESC, o.close_price DESC LIMIT 1
        ) AS o ON true
      )
      SELECT sp.symbol, sp.series, sp.trade_date AS "date", sp.open_price AS "openPrice", sp.high_price AS "highPrice",
        sp.low_price AS "lowPrice", sp.close_price AS "closePrice", sp.last_price AS "lastPrice",
        coalesce(${adjustedPrice(sql`sp.previous_close`, 'adj')}, sp.prev_close) AS "previousClose",
        sp.total_traded_qty AS "volume", sp.isin, (SELECT count(*) FROM whole_day) AS total
      FROM sp
      LEFT JOIN ranges AS adj ON ${rangeHolds('sp', 'adj', 'previous_date')}
      ORDER BY sp.symbol COLLATE "C", sp.series COLLATE "C"`,
  );
  const more = page !== undefined && rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const counted = rows[0]?.total;
  const total = counted !== undefined ? Number(counted) : page?.after ? await countEquityRowsOn(db, day) : 0;
  return {
    tradeDate: day,
    total,
    more,
    rows: kept.map(({ total: _total, ...row }) => {
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

/** The last `count` closes of a symbol (equity series), oldest first; adjusted as of D unless `adjusted` is false. */
export async function getLastCloses(
  db: Database,
  symbol: string,
  count: number,
  adjusted = true,
): Promise<Array<{ date: string; close: string }>> {
  const rows = await queryRows<{ date: string; close: string }>(
    db,
    sql`
      SELECT r.trade_date AS "date", ${adjustedPrice(sql`r.close_price`, 'adj')} AS "close"
      FROM (
        SELECT symbol, trade_date, close_price FROM stock_prices
        WHERE symbol = ${symbol} AND ${inEquitySeries()}
        ORDER BY trade_date DESC LIMIT ${count}
      ) AS r
      LEFT JOIN ${historyAdjustments(adjusted)} AS adj ON ${rangeHolds('r', 'adj')}
      ORDER BY r.trade_date`,
  );
  return rows;
}

/** A symbol's latest date with equity prices, or null (one probe of the primary key, which starts with the symbol). */
export async function getSymbolLatestDate(db: Database, symbol: string): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT max(trade_date) AS d FROM stock_prices WHERE symbol = ${symbol} AND ${inEquitySeries()}`,
  );
  return rows[0]?.d ?? null;
}

/**
 * The closes of a symbol inside the window of `period` ending on the symbol's own latest trading
 * day (D for a symbol that traded on D; docs/product/company.md#price-windows): `{dates, prices}`,
 * adjusted as of D unless `adjusted` is false, and whether the loaded prices cover that window
 * (`coverage`, docs/product/market.md#short-history): 40 loaded days are never a year's chart unsaid.
 */
export async function getPriceSeriesForPeriod(
  db: Database,
  symbol: string,
  period: TrendPeriod,
  adjusted = true,
): Promise<PriceSeriesDto> {
  const latest = await getSymbolLatestDate(db, symbol);
  if (!latest) return { dates: [], prices: [], coverage: null };
  const [rows, coverages] = await Promise.all([
    queryRows<{ date: string; close: string }>(
      db,
      sql`
      SELECT r.trade_date AS "date", ${adjustedPrice(sql`r.close_price`, 'adj')} AS "close"
      FROM stock_prices r
      LEFT JOIN ${historyAdjustments(adjusted)} AS adj ON ${rangeHolds('r', 'adj')}
      WHERE r.symbol = ${symbol} AND ${inEquitySeries('r.series')}
        AND r.trade_date > ${periodWindowStart(latest, period)}::date AND r.trade_date <= ${latest}::date
      ORDER BY r.trade_date`,
    ),
    getPeriodCoveragesOn(db, latest),
  ]);
  return {
    dates: rows.map((row) => row.date),
    prices: rows.map((row) => row.close),
    coverage: coverages.find((coverage) => coverage.period === period) ?? null,
  };
}
