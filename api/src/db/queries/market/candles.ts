/**
 * Candles: a symbol's trading days, or its calendar weeks (Monday to Sunday) or months of trading
 * days (docs/integrators.md#the-datas-definitions), oldest first, whole, a page at a time, or for
 * many symbols at once. A day is the symbol's equity row of the date (EQ first when two series
 * traded); a week or month opens at its first trading day's open, closes at its last trading
 * day's close, holds the highest high and the lowest low of its days, is dated by its first
 * trading day, and sums the volumes present. Only the days within `from`..`to` count, so a period
 * cut by them is the candle of its days inside the range.
 *
 * Prices are adjusted as of D unless `adjusted` is false (docs/product/market.md#adjusted-prices):
 * each day is adjusted first, then the days are combined, so a week with a split's ex-date is in
 * one unit throughout. A day's volume is adjusted the other way (× the divisor, to whole shares),
 * so that volume × price is what was traded. Every read goes through the price table's primary key
 * (symbol, date, series): one index range per symbol.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CandleInterval } from '@bazaar/shared';
import type { CandleDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { equitySeriesRank, inEquitySeries } from './equity-series.js';
import { adjustedPrice, NO_ADJUSTMENTS, rangeHolds, STORED_ADJUSTMENTS } from './adjustments.js';

export interface CandleOptions {
  from?: string | undefined;
  to?: string | undefined;
  interval?: CandleInterval;
  adjusted?: boolean;
}

/** A page's sort key as its cursor carries it: the symbol, the last candle's date, the basis of the prices. */
export type CandleSortKey = [symbol: string, date: string, basis: string];

export interface CandlePage {
  items: CandleDto[];
  /** Candles of the whole list, every page. */
  total: number;
  /** Whether more follow this page. */
  more: boolean;
  /**
   * What the prices of this list are in: 'raw', or for adjusted prices a digest of the symbol's
   * adjustment ranges. A corporate action that takes effect changes it, and with it every earlier
   * candle: a cursor of another basis cannot be continued in the same units.
   */
  basis: string;
}

interface CandleRow {
  symbol: string;
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
  volume: string | number | null;
}

const PERIOD_UNIT: Record<Exclude<CandleInterval, 'DAY'>, string> = { WEEK: 'week', MONTH: 'month' };

/** The first calendar day of the period of `date` (a date expression): the day itself, its week's Monday, its month's first. */
function periodStart(date: SQL, interval: CandleInterval): SQL {
  if (interval === 'DAY') return sql`(${date})::date`;
  return sql`date_trunc(${sql.raw(`'${PERIOD_UNIT[interval]}'`)}, (${date})::timestamp)::date`;
}

/**
 * The candles of the symbols the condition on `r.symbol` selects, as a WITH list defining `candles`
 * (symbol, period_start, date, open_price, high_price, low_price, close_price, volume).
 */
function candlesRelation(symbolCondition: SQL, options: CandleOptions): SQL {
  const interval = options.interval ?? 'DAY';
  const conditions: SQL[] = [symbolCondition, inEquitySeries('r.series')];
  if (options.from) conditions.push(sql`r.trade_date >= ${options.from}::date`);
  if (options.to) conditions.push(sql`r.trade_date <= ${options.to}::date`);
  const ranges = options.adjusted === false ? NO_ADJUSTMENTS : STORED_ADJUSTMENTS;
  const days = sql`
    SELECT DISTINCT ON (r.symbol, r.trade_date) r.symbol, r.trade_date,
      ${adjustedPrice(sql`r.open_price`, 'adj')} AS open_price, ${adjustedPrice(sql`r.high_price`, 'adj')} AS high_price,
      ${adjustedPrice(sql`r.low_price`, 'adj')} AS low_price, ${adjustedPrice(sql`r.close_price`, 'adj')} AS close_price,
      CASE WHEN adj.divisor IS NULL THEN r.total_traded_qty::numeric ELSE round(r.total_traded_qty * adj.divisor) END AS volume
    FROM stock_prices r
    LEFT JOIN ${ranges} AS adj ON ${rangeHolds('r', 'adj')}
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY r.symbol, r.trade_date, ${equitySeriesRank(sql`r.series`)}`;
  const candles =
    interval === 'DAY'
      ? sql`SELECT symbol, trade_date AS period_start, trade_date AS date, open_price, high_price, low_price, close_price, volume FROM days`
      : sql`SELECT symbol, ${periodStart(sql`trade_date`, interval)} AS period_start, min(trade_date) AS date,
            (array_agg(open_price ORDER BY trade_date))[1] AS open_price, max(high_price) AS high_price,
            min(low_price) AS low_price, (array_agg(close_price ORDER BY trade_date DESC))[1] AS close_price,
            sum(volume) AS volume
          FROM days GROUP BY 1, 2`;
  return sql`days AS MATERIALIZED (${days}), candles AS (${candles})`;
}

const CANDLE_COLUMNS = sql`symbol, date AS "date", open_price AS "openPrice", high_price AS "highPrice",
  low_price AS "lowPrice", close_price AS "closePrice", volume`;

function toCandle(row: CandleRow): CandleDto {
  return {
    date: row.date,
    openPrice: row.openPrice,
    highPrice: row.highPrice,
    lowPrice: row.lowPrice,
    closePrice: row.closePrice,
    volume: row.volume === null ? null : Number(row.volume),
  };
}

/** A symbol's candles, oldest first (an unknown symbol has none). */
export async function getCandles(db: Database, symbol: string, options: CandleOptions = {}): Promise<CandleDto[]> {
  const rows = await queryRows<CandleRow>(
    db,
    sql`WITH ${candlesRelation(sql`r.symbol = ${symbol}`, options)}
        SELECT ${CANDLE_COLUMNS} FROM candles ORDER BY period_start`,
  );
  return rows.map(toCandle);
}

/** The basis of a symbol's prices (CandlePage.basis), as an SQL text expression. */
function basisOf(symbol: string, adjusted: boolean): SQL {
  if (!adjusted) return sql`'raw'`;
  return sql`(SELECT 'a' || left(md5(coalesce(string_agg(
      coalesce(from_date::text, '') || '/' || to_date::text || '/' || divisor::text, ',' ORDER BY to_date), '')), 16)
    FROM ${STORED_ADJUSTMENTS} WHERE symbol = ${symbol})`;
}

/**
 * One page of a symbol's candles: at most `limit` after the period of the date `after` (keyset: the
 * candles of later periods, whatever was loaded before it), with the list's total and basis read
 * in the same statement, so the three agree.
 */
export async function getCandlePage(
  db: Database,
  symbol: string,
  options: CandleOptions,
  page: { limit: number; after: string | null },
): Promise<CandlePage> {
  const interval = options.interval ?? 'DAY';
  const keyset = page.after === null ? sql`true` : sql`period_start > ${periodStart(sql`${page.after}`, interval)}`;
  const rows = await queryRows<Partial<CandleRow> & { total: number | string; basis: string }>(
    db,
    sql`WITH ${candlesRelation(sql`r.symbol = ${symbol}`, options)},
        meta AS (SELECT count(*) AS total, ${basisOf(symbol, options.adjusted !== false)} AS basis FROM candles)
        SELECT meta.total, meta.basis, p.* FROM meta
        LEFT JOIN LATERAL (
          SELECT ${CANDLE_COLUMNS} FROM candles WHERE ${keyset} ORDER BY period_start LIMIT ${page.limit + 1}
        ) AS p ON true`,
  );
  const [first] = rows;
  const candles = rows.filter((row): row is CandleRow & { total: number; basis: string } => row.date != null);
  return {
    items: candles.slice(0, page.limit).map(toCandle),
    total: Number(first?.total ?? 0),
    more: candles.length > page.limit,
    basis: first?.basis ?? '',
  };
}

/** The candles of each symbol (in the order asked; a symbol with none in the range has an empty list). */
export async function getCandlesOfSymbols(
  db: Database,
  symbols: readonly string[],
  options: CandleOptions,
): Promise<Array<{ symbol: string; candles: CandleDto[] }>> {
  if (symbols.length === 0) return [];
  const list = sql.join(
    symbols.map((symbol) => sql`${symbol}`),
    sql`, `,
  );
  const rows = await queryRows<CandleRow>(
    db,
    sql`WITH ${candlesRelation(sql`r.symbol IN (${list})`, options)}
        SELECT ${CANDLE_COLUMNS} FROM candles ORDER BY symbol, period_start`,
  );
  const bySymbol = new Map<string, CandleDto[]>(symbols.map((symbol) => [symbol, []]));
  for (const row of rows) bySymbol.get(row.symbol)?.push(toCandle(row));
  return symbols.map((symbol) => ({ symbol, candles: bySymbol.get(symbol) ?? [] }));
}

/** The symbols, of those given, that have no equity prices at all (one probe of the primary key each). */
export async function symbolsWithoutPrices(db: Database, symbols: readonly string[]): Promise<string[]> {
  if (symbols.length === 0) return [];
  const list = sql.join(
    symbols.map((symbol) => sql`(${symbol})`),
    sql`, `,
  );
  const rows = await queryRows<{ symbol: string }>(
    db,
    sql`SELECT s.symbol FROM (VALUES ${list}) AS s(symbol)
        WHERE NOT EXISTS (SELECT 1 FROM stock_prices p WHERE p.symbol = s.symbol AND ${inEquitySeries('p.series')})`,
  );
  const missing = new Set(rows.map((row) => row.symbol));
  return symbols.filter((symbol) => missing.has(symbol));
}
