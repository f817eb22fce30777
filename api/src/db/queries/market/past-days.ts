/**
 * The trend lists and 12-month extremes as of a past day (docs/product/market.md#any-day): the
 * stored candidates describe only the latest day D, so a past day is computed from the prices of
 * its YEARLY window (trend-lists.ts). One computation
 * answers all ten lists of a day: it is kept per database, keyed by the day and the stock_prices
 * write counter (read before the rows, so a cached answer is never older than a committed upload),
 * and concurrent reads of the same day share it (the Technical Analysis page asks for ten lists at
 * once). Raw prices (`adjusted` false) are computed the same way, for D too: the candidates are
 * adjusted (docs/product/market.md#adjusted-prices). The key holds the corporate-action events'
 * write counter as well, since they decide the adjustment.
 */
import { sql } from 'drizzle-orm';
import type { TrendDirection, TrendPeriod } from '@bazaar/shared';
import type { PriceExtremesResponseDto, TrendResponseDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { dataVersions } from '../data-versions.js';
import { inEquitySeries } from './equity-series.js';
import { adjustmentRangesQuery, NO_ADJUSTMENTS } from './adjustments.js';
import {
  priceExtremesQuery,
  toPriceExtremes,
  toTrendLists,
  trendEntriesQuery,
  windowStarts,
  type PriceExtremeRow,
} from './trend-lists.js';

/** Days kept per database: a visitor stepping through a few days reuses them. */
const DAYS_KEPT = 8;

interface DayAnalysis {
  lists: Map<string, TrendResponseDto>;
  extremes: PriceExtremesResponseDto;
}

const computed = new WeakMap<Database, Map<string, Promise<DayAnalysis>>>();

/** Whether `tradeDate` has equity prices (one index probe on the trade date). */
export async function hasEquityPrices(db: Database, tradeDate: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM stock_prices WHERE trade_date = ${tradeDate}::date AND ${inEquitySeries()} LIMIT 1`,
  );
  return rows.length > 0;
}

async function computeDay(db: Database, tradeDate: string, adjusted: boolean): Promise<DayAnalysis> {
  const starts = windowStarts(tradeDate);
  const adjustments = adjusted ? adjustmentRangesQuery(tradeDate) : NO_ADJUSTMENTS;
  const entries = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM (${trendEntriesQuery(tradeDate, starts, adjustments)}) AS entries ORDER BY direction, period, position`,
  );
  const extremes = await queryRows<PriceExtremeRow>(
    db,
    sql`SELECT * FROM (${priceExtremesQuery(tradeDate, starts.YEARLY, adjustments)}) AS extremes ORDER BY symbol COLLATE "C"`,
  );
  return { lists: toTrendLists(entries), extremes: toPriceExtremes(extremes) };
}

/** The analysis of a day, computed once per day, kind of prices and write counters. */
async function dayAnalysis(db: Database, tradeDate: string, adjusted: boolean): Promise<DayAnalysis> {
  const counters = await dataVersions(db, ['stock_prices', 'corporate_action_events']);
  const prices = counters.get('stock_prices');
  const events = counters.get('corporate_action_events');
  let days = computed.get(db);
  if (!days) {
    days = new Map();
    computed.set(db, days);
  }
  const key = `${tradeDate}:${adjusted ? 'adjusted' : 'raw'}:${prices}:${events}`;
  let day = days.get(key);
  if (!day) {
    day = computeDay(db, tradeDate, adjusted);
    // a failed computation is not kept
    day.catch(() => days.delete(key));
    // without a counter a cached answer could outlive a write: not kept
    if (prices === undefined || events === undefined) return day;
    days.set(key, day);
    for (const old of days.keys()) {
      if (days.size <= DAYS_KEPT) break;
      days.delete(old);
    }
  }
  return day;
}

/** One trend list as of `tradeDate` (a day with equity prices), in the contract's shape; adjusted prices unless `adjusted` is false. */
export async function getTrendListOn(
  db: Database,
  direction: TrendDirection,
  period: TrendPeriod,
  tradeDate: string,
  adjusted = true,
): Promise<TrendResponseDto> {
  return (await dayAnalysis(db, tradeDate, adjusted)).lists.get(`${direction}:${period}`) ?? {};
}

/** Every symbol's high and low over the YEARLY window ending on `tradeDate`, keyed by symbol in byte order. */
export async function getPriceExtremesOn(
  db: Database,
  tradeDate: string,
  adjusted = true,
): Promise<PriceExtremesResponseDto> {
  return (await dayAnalysis(db, tradeDate, adjusted)).extremes;
}
