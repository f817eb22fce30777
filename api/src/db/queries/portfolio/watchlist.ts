/**
 * The caller's Stock Watch List (/user/watchlist, docs/product/portfolio.md#stock-watch-list): the
 * symbols, each with its latest close and day's change (the quote cache), its 12-month high and low
 * and the trend lists of the latest trading day it is in (both read from the analysis:
 * market/trend-lists.ts). Every query takes the owner's user id.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import Big from 'big.js';
import { percentOf, roundDecimal, TREND_PERIODS, trendPhrase } from '@bazaar/shared';
import {
  MAX_WATCHLIST_SYMBOLS,
  WATCHLIST_FULL_MESSAGE,
  type PeriodCoverageDto,
  type TrendMembershipDto,
  type TrendResponseDto,
  type WatchlistRowDto,
} from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { companies, watchlistEntries } from '../../schema/index.js';
import { getCurrentPeriodCoverages, getCurrentTrendLists, getPriceExtremes } from '../market/trend-lists.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { latestPrices, normaliseSymbol } from './quotes.js';

/** Serialises one user's adds, so that two at once cannot pass the limit together. */
const WATCHLIST_LOCK_KEY = 7_246_015;

/**
 * The trend lists of the latest trading day each symbol is in, highs before lows, shortest period
 * first, from D's lists (getCurrentTrendLists).
 */
export function trendMemberships(
  lists: ReadonlyMap<string, TrendResponseDto>,
  symbols: Iterable<string>,
  coverages: readonly PeriodCoverageDto[],
): Map<string, TrendMembershipDto[]> {
  // a list whose window the loaded prices do not cover reads as the days loaded, not as its period
  const coverageOf = new Map(coverages.map((coverage) => [coverage.period, coverage]));
  const wanted = [...new Set(symbols)];
  const result = new Map<string, TrendMembershipDto[]>();
  for (const direction of ['HIGH', 'LOW'] as const) {
    for (const period of TREND_PERIODS) {
      const list = lists.get(`${direction}:${period}`);
      if (!list) continue;
      for (const symbol of wanted) {
        if (!Object.hasOwn(list, symbol)) continue;
        const memberships = result.get(symbol) ?? [];
        memberships.push({ direction, period, label: trendPhrase(direction, period, coverageOf.get(period)) });
        result.set(symbol, memberships);
      }
    }
  }
  return result;
}

/** Company names by symbol (symbols not in the company list are absent). */
export async function companyNames(db: Database, symbols: string[]): Promise<Map<string, string>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .select({ symbol: companies.symbol, name: companies.companyName })
    .from(companies)
    .where(inArray(companies.symbol, symbols));
  return new Map(rows.map((row) => [row.symbol, row.name]));
}

export async function watchedSymbols(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ symbol: watchlistEntries.symbol })
    .from(watchlistEntries)
    .where(eq(watchlistEntries.userId, userId));
  return rows.map((row) => row.symbol);
}

/** The caller's list, by symbol, with the latest figures of each. */
export async function listWatchlist(db: Database, userId: number, only?: string): Promise<WatchlistRowDto[]> {
  const entries = await db
    .select({ symbol: watchlistEntries.symbol, createdAt: watchlistEntries.createdAt })
    .from(watchlistEntries)
    .where(
      only === undefined
        ? eq(watchlistEntries.userId, userId)
        : and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.symbol, only)),
    )
    .orderBy(asc(sql`${watchlistEntries.symbol} COLLATE "C"`));
  return watchlistRows(db, entries);
}

/** One page of the caller's list: at most `limit` symbols after the symbol `after` (keyset), and how many the list holds. */
export async function listWatchlistPage(
  db: Database,
  userId: number,
  page: { limit: number; after: readonly [symbol: string] | null },
): Promise<{ items: WatchlistRowDto[]; total: number; more: boolean }> {
  const owner = eq(watchlistEntries.userId, userId);
  const [counted] = await db
    .select({ total: sql<number | string>`count(*)` })
    .from(watchlistEntries)
    .where(owner);
  const entries = await db
    .select({ symbol: watchlistEntries.symbol, createdAt: watchlistEntries.createdAt })
    .from(watchlistEntries)
    .where(page.after ? and(owner, sql`${watchlistEntries.symbol} COLLATE "C" > ${page.after[0]} COLLATE "C"`) : owner)
    .orderBy(asc(sql`${watchlistEntries.symbol} COLLATE "C"`))
    .limit(page.limit + 1);
  return {
    items: await watchlistRows(db, entries.slice(0, page.limit)),
    total: Number(counted?.total ?? 0),
    more: entries.length > page.limit,
  };
}

/** The rows of these entries (in their order), with the latest figures of each symbol. */
async function watchlistRows(
  db: Database,
  entries: ReadonlyArray<{ symbol: string; createdAt: Date }>,
): Promise<WatchlistRowDto[]> {
  if (entries.length === 0) return [];
  const symbols = entries.map((entry) => entry.symbol);
  const [prices, extremes, names, lists, coverages] = await Promise.all([
    latestPrices(db, symbols),
    getPriceExtremes(db),
    companyNames(db, symbols),
    getCurrentTrendLists(db),
    getCurrentPeriodCoverages(db),
  ]);
  const trends = trendMemberships(lists, symbols, coverages);
  const yearCoverage = coverages.find((coverage) => coverage.period === 'YEARLY') ?? null;
  return entries.map((entry) => {
    const price = prices.get(entry.symbol);
    const extreme = Object.hasOwn(extremes, entry.symbol) ? extremes[entry.symbol] : undefined;
    const close = price?.closePrice ?? null;
    const distance = (level: string | undefined) =>
      close === null || level === undefined ? null : percentOf(new Big(close).minus(level).toFixed(), level);
    return {
      symbol: entry.symbol,
      companyName: names.get(entry.symbol) ?? null,
      closePrice: close,
      priceDate: price?.tradeDate ?? null,
      changePerDay: price?.change == null ? null : roundDecimal(price.change),
      changePercent: percentOf(price?.change, price?.previousClose),
      yearHigh: extreme?.highPrice ?? null,
      yearLow: extreme?.lowPrice ?? null,
      fromHighPercent: distance(extreme?.highPrice),
      fromLowPercent: distance(extreme?.lowPrice),
      trends: trends.get(entry.symbol) ?? [],
      yearCoverage,
      addedAt: entry.createdAt.toISOString(),
    };
  });
}

/**
 * Adds a symbol (with loaded prices) to the caller's list; a symbol already there is left as it
 * is. Answers the row and whether it was added.
 */
export async function addToWatchlist(
  db: Database,
  userId: number,
  rawSymbol: string,
): Promise<{ row: WatchlistRowDto; added: boolean }> {
  const symbol = normaliseSymbol(rawSymbol);
  if (!(await latestPrices(db, [symbol])).has(symbol))
    throw new BadRequestError(`Unknown symbol ${symbol}: no prices are loaded for it; choose a symbol from the list`);
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${WATCHLIST_LOCK_KEY}, ${userId})`);
    const [existing] = await tx
      .select({ symbol: watchlistEntries.symbol })
      .from(watchlistEntries)
      .where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.symbol, symbol)));
    if (existing) return false;
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(watchlistEntries)
      .where(eq(watchlistEntries.userId, userId));
    if ((counted?.n ?? 0) >= MAX_WATCHLIST_SYMBOLS) throw new BadRequestError(WATCHLIST_FULL_MESSAGE);
    await tx.insert(watchlistEntries).values({ userId, symbol }).onConflictDoNothing();
    return true;
  });
  const [row] = await listWatchlist(db, userId, symbol);
  return { row: row as WatchlistRowDto, added };
}

/** Removes a symbol from the caller's list (404 when it is not on it). */
export async function removeFromWatchlist(db: Database, userId: number, rawSymbol: string): Promise<void> {
  const symbol = normaliseSymbol(rawSymbol);
  const removed = await db
    .delete(watchlistEntries)
    .where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.symbol, symbol)))
    .returning({ symbol: watchlistEntries.symbol });
  if (removed.length === 0) throw new NotFoundError(`${symbol} is not on your watch list`);
}
