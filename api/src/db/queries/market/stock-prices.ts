/**
 * Price reads behind /public/stock-prices and the technical-analysis SMA: every symbol's row on a
 * day (D by default), the trading days, a symbol's candles, its last closes, its closes over a
 * period's window. Every read goes through an index (the price table's primary key starts with the
 * symbol; a day's rows and the latest day are found through the trade-date index) so none of them
 * scans price history.
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import Big from 'big.js';
import { EQUITY_SERIES, periodWindowStart, roundDecimal, type TrendPeriod } from '@bazaar/shared';
import type { CandleDto, PriceSeriesDto, StockPriceRowDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { stockPrices } from '../../schema/index.js';

/** The equity series as an SQL list; constants, so inlining them is safe. */
export const EQUITY_SERIES_SQL = sql.raw(`(${EQUITY_SERIES.map((series) => `'${series}'`).join(', ')})`);

const equitySeries = sql`${stockPrices.series} IN ${EQUITY_SERIES_SQL}`;

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
 * The previous close is the exchange's PREVCLOSE (adjusted by the exchange on ex-dates of splits and
 * bonuses), or the symbol's latest earlier close when the loaded file had no such column. A day
 * without equity prices answers no rows.
 */
export async function getStockPricesOn(
  db: Database,
  date?: string,
): Promise<{ asOf: string | null; rows: StockPriceRowDto[] }> {
  const asOf = date ?? (await getLatestPriceDate(db));
  if (!asOf) return { asOf, rows: [] };
  const rows = await queryRows<Omit<StockPriceRowDto, 'changePerDay' | 'changePercent'>>(
    db,
    sql`
      SELECT sp.symbol, sp.series, sp.trade_date AS "date", sp.open_price AS "openPrice", sp.high_price AS "highPrice",
        sp.low_price AS "lowPrice", sp.close_price AS "closePrice", sp.last_price AS "lastPrice",
        CASE WHEN sp.prev_close IS NOT NULL THEN sp.prev_close ELSE (
          SELECT p.close_price FROM stock_prices p
          WHERE p.symbol = sp.symbol AND p.series IN ${EQUITY_SERIES_SQL} AND p.trade_date < sp.trade_date
          ORDER BY p.trade_date DESC LIMIT 1
        ) END AS "previousClose",
        sp.total_traded_qty AS "volume", sp.isin
      FROM stock_prices sp
      WHERE sp.trade_date = ${asOf}::date AND sp.series IN ${EQUITY_SERIES_SQL}
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

/** A symbol's daily candles (equity series), oldest first, optionally within [from, to]. */
export async function getCandles(
  db: Database,
  symbol: string,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<CandleDto[]> {
  const conditions: SQL[] = [eq(stockPrices.symbol, symbol), equitySeries];
  if (range.from) conditions.push(gte(stockPrices.tradeDate, range.from));
  if (range.to) conditions.push(lte(stockPrices.tradeDate, range.to));
  return db
    .select({
      date: stockPrices.tradeDate,
      openPrice: stockPrices.openPrice,
      highPrice: stockPrices.highPrice,
      lowPrice: stockPrices.lowPrice,
      closePrice: stockPrices.closePrice,
    })
    .from(stockPrices)
    .where(and(...conditions))
    .orderBy(asc(stockPrices.tradeDate));
}

/** The last `count` closes of a symbol (equity series), oldest first. */
export async function getLastCloses(
  db: Database,
  symbol: string,
  count: number,
): Promise<Array<{ date: string; close: string }>> {
  const rows = await db
    .select({ date: stockPrices.tradeDate, close: stockPrices.closePrice })
    .from(stockPrices)
    .where(and(eq(stockPrices.symbol, symbol), equitySeries))
    .orderBy(desc(stockPrices.tradeDate))
    .limit(count);
  return rows.reverse();
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
 * day (D for a symbol that traded on D; docs/product/company.md#price-windows): `{dates, prices}`.
 */
export async function getPriceSeriesForPeriod(
  db: Database,
  symbol: string,
  period: TrendPeriod,
): Promise<PriceSeriesDto> {
  const asOf = await getSymbolLatestDate(db, symbol);
  if (!asOf) return { dates: [], prices: [] };
  const rows = await db
    .select({ date: stockPrices.tradeDate, close: stockPrices.closePrice })
    .from(stockPrices)
    .where(
      and(
        eq(stockPrices.symbol, symbol),
        equitySeries,
        sql`${stockPrices.tradeDate} > ${periodWindowStart(asOf, period)}::date`,
        lte(stockPrices.tradeDate, asOf),
      ),
    )
    .orderBy(asc(stockPrices.tradeDate));
  return { dates: rows.map((row) => row.date), prices: rows.map((row) => row.close) };
}
