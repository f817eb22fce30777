/**
 * Quotes for holdings: each symbol's current price (the latest close of its equity series) and
 * the close of the trading day before (adjusted for a split or bonus of the day: one day's change
 * everywhere, docs/product/portfolio.md#corporate-actions), through a cache kept exact by
 * data_versions; and the symbol search of the holding form.
 */
import Big from 'big.js';
import { sql, type SQL } from 'drizzle-orm';
import { EQUITY_SERIES } from '@bazaar/shared';
import type { LatestPriceDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { dataVersions } from '../data-versions.js';
import { equitySeriesRank, inEquitySeries, LATEST_TRADE_DATE } from '../market/equity-series.js';

/**
 * A symbol's latest equity-series rows (optionally before a date), newest first (`tieBreak`: EQ
 * first on a day, else in key order), at most `limit`: one backward range scan of the primary key
 * (symbol, trade_date, series) that stops after them, the other series' rows skipped as it goes. A
 * probe per series would scan the symbol's whole range for each series it never traded in (series
 * is the key's last column); an order the key cannot give would read and sort all its rows.
 */
function latestEquityRows(symbol: SQL, limit: number, tieBreak: boolean, before?: SQL): SQL {
  return sql`SELECT sp.close_price::text AS close_price, sp.trade_date::text AS trade_date, sp.trade_date AS trade_day, sp.series,
      ${equitySeriesRank(sql`sp.series`)} AS series_rank
    FROM stock_prices sp
    WHERE sp.symbol = ${symbol} AND ${inEquitySeries('sp.series')}${before ? sql` AND sp.trade_date < ${before}` : sql``}
    ORDER BY sp.trade_date DESC${tieBreak ? sql`, series_rank` : sql``} LIMIT ${sql.raw(String(limit))}`;
}

/**
 * The latest equity-series row of a symbol (optionally before a date), as a subquery for a
 * LATERAL join: columns close_price, trade_date (text), trade_day (date), series, series_rank.
 */
export function latestEquityRow(symbol: SQL, before?: SQL): SQL {
  return latestEquityRows(symbol, 1, true, before);
}

export function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

function uniqueSymbols(symbols: Iterable<string>): string[] {
  return [...new Set([...symbols].map(normaliseSymbol).filter((symbol) => symbol !== ''))];
}

/**
 * Quotes already read, per database handle, valid for one version of stock_prices (the
 * data_versions counter, bumped by a trigger in every transaction that writes prices). Quotes only
 * change when prices are written, yet a holdings table of 50 rows would otherwise probe the price
 * index 250 times on every view. Each call reads the version first (one primary-key read), so a
 * committed upload is seen by the very next request, on every API instance.
 */
interface QuoteCache {
  /** The stock_prices and corporate_action_events counters. */
  version: string;
  /** null: the symbol has no equity prices (asked for again only after the next price write). */
  quotes: Map<string, LatestPriceDto | null>;
}

const quoteCaches = new WeakMap<Database, QuoteCache>();
/** Far above the ~2,500 equity symbols of NSE: the bound only guards against junk symbols. */
const MAX_CACHED_QUOTES = 20_000;

/**
 * The latest close of each symbol's equity series, with the close of the trading day before it,
 * through the quote cache. Symbols without prices are absent from the map. Inside a transaction
 * use loadLatestPrices: a transaction's object is not the handle the cache is kept for.
 */
export async function latestPrices(db: Database, symbols: Iterable<string>): Promise<Map<string, LatestPriceDto>> {
  const wanted = uniqueSymbols(symbols);
  if (wanted.length === 0) return new Map();
  const versions = await dataVersions(db, ['stock_prices', 'corporate_action_events']);
  const prices = versions.get('stock_prices');
  const events = versions.get('corporate_action_events');
  // a database without the counters reads for itself and keeps nothing
  if (prices === undefined || events === undefined) return loadLatestPrices(db, wanted);
  const version = `${prices}:${events}`;
  let cache = quoteCaches.get(db);
  if (!cache || newer(version, cache.version)) {
    cache = { version, quotes: new Map() };
    quoteCaches.set(db, cache);
  }
  // a reader whose snapshot is older than the cache's reads for itself and keeps nothing
  if (version !== cache.version) return loadLatestPrices(db, wanted);
  const missing = wanted.filter((symbol) => !cache.quotes.has(symbol));
  if (missing.length > 0) {
    const loaded = await loadLatestPrices(db, missing);
    if (cache.quotes.size + missing.length > MAX_CACHED_QUOTES) cache.quotes.clear();
    for (const symbol of missing) cache.quotes.set(symbol, loaded.get(symbol) ?? null);
  }
  const result = new Map<string, LatestPriceDto>();
  for (const symbol of wanted) {
    const quote = cache.quotes.get(symbol);
    if (quote) result.set(symbol, quote);
  }
  return result;
}

/** Whether counters "prices:events" are ahead of others in either (a reader with a newer snapshot). */
function newer(version: string, than: string): boolean {
  const [prices, events] = version.split(':').map(Number) as [number, number];
  const [oldPrices, oldEvents] = than.split(':').map(Number) as [number, number];
  return prices >= oldPrices && events >= oldEvents && version !== than;
}

/** The calendar days before D read for every symbol at once: a trading symbol's latest two days are among them. */
const RECENT_DAYS = 14;

type QuoteRow = { symbol: string; close_price: string; trade_date: string; series: string; series_rank: number };

/**
 * The latest close of each symbol's equity series, with the close of the trading day before it,
 * read from the database, symbols without prices absent from the map. The rows of the last two
 * weeks before D (the latest equity trade date) of every symbol are one index read (symbol = ANY:
 * a scan per symbol costs PGlite a rescan each, the most of a 50-symbol quote) and one JSON text
 * value (docs/decisions.md#holdings-read-as-one-json-value), with the splits and bonuses of the
 * symbols in the same statement; a symbol without two trading days among them (suspended, or new)
 * is read on its own, its latest rows by one short backward index scan
 * (docs/decisions.md#quotes-and-alerts-read-recent-days-at-once).
 */
export async function loadLatestPrices(db: Database, symbols: Iterable<string>): Promise<Map<string, LatestPriceDto>> {
  const wanted = uniqueSymbols(symbols);
  const result = new Map<string, LatestPriceDto>();
  if (wanted.length === 0) return result;
  const list = sql`ARRAY[${sql.join(
    wanted.map((symbol) => sql`${symbol}`),
    sql`, `,
  )}]::varchar[]`;
  const [answer] = await queryRows<{ rows: string; factors: string }>(
    db,
    sql`SELECT
        (SELECT coalesce(json_agg(json_build_array(sp.symbol, sp.close_price::text, sp.trade_date::text, sp.series,
            ${equitySeriesRank(sql`sp.series`)})), '[]')::text
          FROM stock_prices sp
          WHERE sp.symbol = ANY(${list}) AND ${inEquitySeries('sp.series')}
            AND sp.trade_date >= ${LATEST_TRADE_DATE} - ${RECENT_DAYS}::int
        ) AS rows,
        -- the splits and bonuses of the symbols: a previous close in the latest day's shares
        (SELECT coalesce(json_agg(json_build_array(e.symbol, e.ex_date::text, e.factor::text)), '[]')::text
          FROM corporate_action_events e WHERE e.symbol = ANY(${list}) AND e.factor IS NOT NULL
        ) AS factors`,
  );
  const bySymbol = new Map<string, QuoteRow[]>();
  const add = (row: QuoteRow) => {
    const list = bySymbol.get(row.symbol);
    if (list) list.push(row);
    else bySymbol.set(row.symbol, [row]);
  };
  for (const [symbol, close_price, trade_date, series, series_rank] of JSON.parse(answer?.rows ?? '[]') as Array<
    [string, string, string, string, number]
  >)
    add({ symbol, close_price, trade_date, series, series_rank });
  // the rest: no two trading days in the last two weeks; their latest ten rows hold the latest
  // close and the close of the trading day before it (at most five series a day)
  const others = wanted.filter((symbol) => new Set(bySymbol.get(symbol)?.map((row) => row.trade_date)).size < 2);
  if (others.length > 0) {
    for (const symbol of others) bySymbol.delete(symbol);
    const values = sql.join(
      others.map((symbol) => sql`(${symbol}::varchar)`),
      sql`, `,
    );
    const [rest] = await queryRows<{ rows: string }>(
      db,
      sql`SELECT coalesce(json_agg(json_build_array(s.symbol, p.close_price, p.trade_date, p.series, p.series_rank)), '[]')::text AS rows
          FROM (VALUES ${values}) AS s(symbol) CROSS JOIN LATERAL (${latestEquityRows(sql`s.symbol`, 2 * EQUITY_SERIES.length, false)}) p`,
    );
    for (const [symbol, close_price, trade_date, series, series_rank] of JSON.parse(rest?.rows ?? '[]') as Array<
      [string, string, string, string, number]
    >)
      add({ symbol, close_price, trade_date, series, series_rank });
  }
  const dayFactors = (JSON.parse(answer?.factors ?? '[]') as Array<[string, string, string]>).map(
    ([symbol, ex_date, factor]) => ({ symbol, ex_date, factor }),
  );
  for (const [symbol, candidates] of bySymbol) {
    // latest date first; on one date EQ before BE, BZ, SM, ST
    candidates.sort((a, b) =>
      a.trade_date === b.trade_date ? a.series_rank - b.series_rank : a.trade_date < b.trade_date ? 1 : -1,
    );
    const latest = candidates[0] as QuoteRow;
    const previous = candidates.find((row) => row.trade_date < latest.trade_date);
    let previousClose = previous ? new Big(previous.close_price) : null;
    if (previous && previousClose) {
      for (const event of dayFactors)
        if (event.symbol === symbol && event.ex_date > previous.trade_date && event.ex_date <= latest.trade_date)
          previousClose = previousClose.div(event.factor);
    }
    result.set(symbol, {
      symbol,
      closePrice: latest.close_price,
      tradeDate: latest.trade_date,
      series: latest.series,
      previousClose: previousClose?.toFixed() ?? null,
      change: previousClose ? new Big(latest.close_price).minus(previousClose).toFixed() : null,
    });
  }
  return result;
}

/**
 * Symbols with prices whose name starts with (then contains) the search text, with their current
 * price: the choices of the holding form's symbol dropdown.
 */
export async function searchPricedSymbols(db: Database, search: string, limit: number): Promise<LatestPriceDto[]> {
  const text = normaliseSymbol(search).replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await queryRows<{ symbol: string }>(
    db,
    sql`
      SELECT symbol FROM (
        SELECT DISTINCT sp.symbol FROM stock_prices sp
        WHERE ${inEquitySeries('sp.series')} AND sp.symbol LIKE ${`%${text}%`}
      ) matches
      ORDER BY (symbol LIKE ${`${text}%`}) DESC, symbol
      LIMIT ${limit}
    `,
  );
  const prices = await latestPrices(
    db,
    rows.map((row) => row.symbol),
  );
  return rows.map((row) => prices.get(row.symbol)).filter((price): price is LatestPriceDto => price !== undefined);
}
