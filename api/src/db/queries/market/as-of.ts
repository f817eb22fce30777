/**
 * The trend lists and 12-month extremes as of a past day (docs/product/market.md#any-day): the
 * precomputed tables describe only the latest day D, so a past day is computed on the fly with the
 * very statements that fill those tables (trend-lists.ts), read instead of stored. One computation
 * answers all ten lists of a day: it is kept per database, keyed by the day and the stock_prices
 * write counter (read before the rows, so a cached answer is never older than a committed upload),
 * and concurrent reads of the same day share it (the Technical Analysis page asks for ten lists at
 * once). Raw prices (`adjusted` false) are computed the same way, for D too: the stored tables are
 * adjusted (docs/product/market.md#adjusted-prices). The key holds the corporate-action events'
 * write counter as well, since they decide the adjustment.
 */
import { sql } from 'drizzle-orm';
import type { TrendDirection, TrendPeriod } from '@bazaar/shared';
import type { PriceExtremesResponseDto, TrendResponseDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { dataVersions } from '../data-versions.js';
import { EQUITY_SERIES_SQL } from './stock-prices.js';
import { adjustmentRangesQuery, NO_ADJUSTMENTS } from './adjustments.js';
import {
  priceExtremesQuery,
  toTrendResponse,
  trendEntriesQuery,
  windowStarts,
  type TrendEntryRow,
} from './trend-lists.js';

/** Days kept per database: a visitor stepping through a few days reuses them. */
const DAYS_KEPT = 8;

interface DayAnalysis {
  lists: Map<string, TrendResponseDto>;
  extremes: PriceExtremesResponseDto;
}

const computed = new WeakMap<Database, Map<string, Promise<DayAnalysis>>>();

/** Whether `date` has equity prices (one index probe on the trade date). */
export async function hasEquityPrices(db: Database, date: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM stock_prices WHERE trade_date = ${date}::date AND series IN ${EQUITY_SERIES_SQL} LIMIT 1`,
  );
  return rows.length > 0;
}

async function computeDay(db: Database, asOf: string, adjusted: boolean): Promise<DayAnalysis> {
  const starts = windowStarts(asOf);
  const adjustments = adjusted ? adjustmentRangesQuery(asOf) : NO_ADJUSTMENTS;
  const entries = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM (${trendEntriesQuery(asOf, starts, adjustments)}) AS entries ORDER BY direction, period, position`,
  );
  const byList = new Map<string, TrendEntryRow[]>();
  for (const row of entries) {
    const key = `${String(row.direction)}:${String(row.period)}`;
    const list = byList.get(key) ?? [];
    list.push({
      position: Number(row.position),
      symbol: String(row.symbol),
      series: String(row.series),
      presentDate: String(row.present_date),
      presentOpen: String(row.present_open),
      presentHigh: String(row.present_high),
      presentLow: String(row.present_low),
      presentClose: String(row.present_close),
      presentVolume: row.present_volume === null ? null : Number(row.present_volume),
      previousDate: String(row.previous_date),
      previousClose: String(row.previous_close),
      earlierExtreme: String(row.earlier_extreme),
      change: String(row.change),
      changePercent: row.change_percent === null ? null : String(row.change_percent),
    });
    byList.set(key, list);
  }
  const extremes = await queryRows<{
    symbol: string;
    high_price: string;
    high_date: string;
    low_price: string;
    low_date: string;
  }>(
    db,
    sql`SELECT * FROM (${priceExtremesQuery(asOf, starts.YEARLY, adjustments)}) AS extremes ORDER BY symbol COLLATE "C"`,
  );
  return {
    lists: new Map([...byList].map(([key, list]) => [key, toTrendResponse(list)])),
    extremes: Object.fromEntries(
      extremes.map((row) => [
        row.symbol,
        {
          symbol: row.symbol,
          highPrice: String(row.high_price),
          highDate: String(row.high_date),
          lowPrice: String(row.low_price),
          lowDate: String(row.low_date),
        },
      ]),
    ),
  };
}

/** The analysis of a day, computed once per day, kind of prices and write counters. */
async function dayAnalysis(db: Database, asOf: string, adjusted: boolean): Promise<DayAnalysis> {
  const counters = await dataVersions(db, ['stock_prices', 'corporate_action_events']);
  const prices = counters.get('stock_prices');
  const events = counters.get('corporate_action_events');
  let days = computed.get(db);
  if (!days) {
    days = new Map();
    computed.set(db, days);
  }
  const key = `${asOf}:${adjusted ? 'adjusted' : 'raw'}:${prices}:${events}`;
  let day = days.get(key);
  if (!day) {
    day = computeDay(db, asOf, adjusted);
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

/** One trend list as of `asOf` (a day with equity prices), in the contract's shape; adjusted prices unless `adjusted` is false. */
export async function getTrendListAsOf(
  db: Database,
  direction: TrendDirection,
  period: TrendPeriod,
  asOf: string,
  adjusted = true,
): Promise<TrendResponseDto> {
  return (await dayAnalysis(db, asOf, adjusted)).lists.get(`${direction}:${period}`) ?? {};
}

/** Every symbol's high and low over the YEARLY window ending on `asOf`, keyed by symbol in byte order. */
export async function getPriceExtremesAsOf(
  db: Database,
  asOf: string,
  adjusted = true,
): Promise<PriceExtremesResponseDto> {
  return (await dayAnalysis(db, asOf, adjusted)).extremes;
}
