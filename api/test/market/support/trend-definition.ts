/**
 * The trend lists and 12-month extremes computed straight from their definition over parsed
 * bhavcopy rows, independently of the app's SQL: integer paise with BigInt (every price in the
 * legacy files has at most 2 decimals), so change % and its rounding are exact. The caller gives
 * D and the window bounds D − P, worked out by hand for that D.
 */
import { expect } from 'vitest';
import type { PriceExtremesResponseDto, TrendResponseDto } from '@bazaar/shared/contract';
import type { TestApi } from '../../setup/test-api.js';
import type { BhavcopyRow } from './bhavcopy.js';

export const EQUITY = new Set(['EQ', 'BE', 'BZ', 'SM', 'ST']);

export type Period = 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'HALFYEARLY' | 'YEARLY';
/** The periods of the trend lists, shortest first. */
export const TREND_LIST_PERIODS: readonly Period[] = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'];

/**
 * Every trend list the API serves (weeks high and low, every period; as they were on `asOf` when
 * given), keyed "high WEEKLY" … "low YEARLY", each answered 200.
 */
export async function fetchTrendLists(api: TestApi, asOf?: string): Promise<Record<string, TrendResponseDto>> {
  const lists: Record<string, TrendResponseDto> = {};
  for (const direction of ['high', 'low']) {
    for (const period of TREND_LIST_PERIODS) {
      const answer = await api.request<TrendResponseDto>(
        'GET',
        `/public/stock-prices/weeks-${direction}?type=${period}${asOf ? `&asOf=${asOf}` : ''}`,
      );
      expect(answer.status).toBe(200);
      lists[`${direction} ${period}`] = answer.body;
    }
  }
  return lists;
}

/** The exclusive start D − P of each window (the window is D − P < t ≤ D). */
export type WindowAfter = Record<Period, string>;

/**
 * D − P for D = Tuesday 31 March 2020 (the window is D − P < t ≤ D), worked out by hand:
 * WEEKLY 31 − 7 days = 24 March; MONTHLY 31 March − 1 month = 29 February (2020 is a leap year,
 * the 31st clamps); QUARTERLY − 3 months = 31 December 2019; HALFYEARLY − 6 months = 30
 * September 2019 (clamped); YEARLY − 12 months = 31 March 2019.
 */
export const WINDOW_AFTER_31_MAR_2020: WindowAfter = {
  WEEKLY: '2020-03-24',
  MONTHLY: '2020-02-29',
  QUARTERLY: '2019-12-31',
  HALFYEARLY: '2019-09-30',
  YEARLY: '2019-03-31',
};

/** '123.4' → 12340n paise. */
export function paise(price: string): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** a ÷ b rounded half away from zero to an integer (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (2n * magnitude + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/** Hundredths as a decimal string: 1234n → '12.34'. */
export function hundredths(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  return `${negative ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

export interface ExpectedTrend {
  symbol: string;
  presentClose: string;
  previousClose: string;
  previousDate: string;
  change: string;
  changePercent: string;
  /** change % in hundredths, for ordering. */
  percentKey: bigint;
}

/** The equity rows of each symbol, oldest first. */
export function groupBySymbol(rows: BhavcopyRow[]): Map<string, BhavcopyRow[]> {
  const bySymbol = new Map<string, BhavcopyRow[]>();
  for (const row of rows) {
    if (!EQUITY.has(row.series)) continue;
    const list = bySymbol.get(row.symbol) ?? [];
    list.push(row);
    bySymbol.set(row.symbol, list);
  }
  for (const list of bySymbol.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return bySymbol;
}

/** One trend list straight from the definition: D = `day`, the window after `after`. */
export function expectedTrendList(
  bySymbol: Map<string, BhavcopyRow[]>,
  direction: 'HIGH' | 'LOW',
  day: string,
  after: string,
): ExpectedTrend[] {
  const list: ExpectedTrend[] = [];
  for (const [symbol, rows] of bySymbol) {
    const present = rows.find((row) => row.date === day);
    if (!present) continue;
    const earlier = rows.filter((row) => row.date > after && row.date < day);
    if (earlier.length === 0) continue;
    const qualifies =
      direction === 'HIGH'
        ? earlier.every((row) => paise(present.high) >= paise(row.high))
        : earlier.every((row) => paise(present.low) <= paise(row.low));
    if (!qualifies) continue;
    const previous = rows.filter((row) => row.date < day).at(-1) as BhavcopyRow;
    const change = paise(present.close) - paise(previous.close);
    // change % in hundredths = change ÷ previous × 100 × 100
    const percentKey = divideRounded(change * 10_000n, paise(previous.close));
    list.push({
      symbol,
      presentClose: present.close,
      previousClose: previous.close,
      previousDate: previous.date,
      change: hundredths(change),
      changePercent: hundredths(percentKey),
      percentKey,
    });
  }
  return list.sort((a, b) => {
    if (a.percentKey !== b.percentKey)
      return (direction === 'HIGH' ? a.percentKey < b.percentKey : a.percentKey > b.percentKey) ? 1 : -1;
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  });
}

export interface ExpectedExtreme {
  high: bigint;
  highDate: string;
  low: bigint;
  lowDate: string;
}

/** Each symbol's highest high and lowest low over after < t ≤ day, with the latest date each was reached. */
export function expectedExtremes(
  bySymbol: Map<string, BhavcopyRow[]>,
  day: string,
  after: string,
): Map<string, ExpectedExtreme> {
  const expected = new Map<string, ExpectedExtreme>();
  for (const [symbol, list] of bySymbol) {
    for (const row of list) {
      if (!(row.date > after && row.date <= day)) continue;
      const current = expected.get(symbol);
      const high = paise(row.high);
      const low = paise(row.low);
      if (!current) {
        expected.set(symbol, { high, highDate: row.date, low, lowDate: row.date });
        continue;
      }
      // rows are oldest first: ">=" keeps the latest date an extreme was reached
      if (high >= current.high) Object.assign(current, { high, highDate: row.date });
      if (low <= current.low) Object.assign(current, { low, lowDate: row.date });
    }
  }
  return expected;
}

/**
 * The API's 12-month extremes equal the definition's: the same symbols, each with the same high,
 * low and dates. `price` reads the answer's prices in the definition's integers (paise for raw
 * prices, units for adjusted ones: adjustment-definition.ts).
 */
export function expectExtremes(
  answer: PriceExtremesResponseDto,
  expected: Map<string, ExpectedExtreme>,
  price: (text: string) => bigint = paise,
): void {
  expect(Object.keys(answer).sort()).toEqual([...expected.keys()].sort());
  for (const [symbol, want] of expected) {
    const got = answer[symbol]!;
    expect([got.symbol, price(got.highPrice), got.highDate, price(got.lowPrice), got.lowDate], symbol).toEqual([
      symbol,
      want.high,
      want.highDate,
      want.low,
      want.lowDate,
    ]);
  }
}
