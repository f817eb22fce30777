/**
 * Adjusted prices computed straight from their definition (docs/product/market.md#adjusted-prices),
 * independently of the app's parser and SQL: the adjusting events are read from NSE's
 * corporate-actions file with a small reader of its own (face-value split or consolidation "from
 * Rs A … to Rs B": factor A/B; "Bonus a:b": (a+b)/b; debentures and preference shares do not
 * adjust), kept as exact fractions (BigInt), and an adjusted price is raw × den ÷ num rounded half
 * up to 10 decimal places, held as an integer of 10⁻¹⁰ rupees ("units"). Comparisons, extremes,
 * change and change % are integer arithmetic on units, so ties and roundings are exact.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StockPriceRowDto } from '@bazaar/shared/contract';
import { uploadFile } from '../../../src/ingest/index.js';
import type { TestApi } from '../../setup/test-api.js';
import type { BhavcopyRow } from './bhavcopy.js';
import { divideRounded, fetchTrendLists, hundredths, type ExpectedExtreme } from './trend-definition.js';

export const CORPORATE_ACTIONS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/data/nse/corporate_actions/CF-CA-equities.csv',
);

/** Loads NSE's corporate-actions file through the upload code (uploadFile, as a staff upload would, by `username`). */
export async function loadRealCorporateActions(app: FastifyInstance, username: string): Promise<void> {
  await uploadFile(app, 'UPLOAD_CORPORATE_ACTIONS', 'CF-CA-equities.csv', fs.readFileSync(CORPORATE_ACTIONS_FILE), {
    id: null,
    username,
  });
}

/** 10 decimal places. */
export const UNIT = 10_000_000_000n;

/** A factor (shares after ÷ shares before) as num/den. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export interface AdjustingEvent extends Fraction {
  symbol: string;
  exDate: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '19-Sep-2019' → '2019-09-19'; '-' → null. */
function isoDate(text: string): string | null {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = MONTHS.findIndex((name) => name.toLowerCase() === match[2]!.toLowerCase()) + 1;
  return `${match[3]}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

/** '2.5' → 25/10. */
function decimalFraction(text: string): Fraction {
  const [whole, fraction = ''] = text.split('.');
  return { num: BigInt(`${whole}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

export function reduce({ num, den }: Fraction): Fraction {
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

export function times(a: Fraction, b: Fraction): Fraction {
  return reduce({ num: a.num * b.num, den: a.den * b.den });
}

/** The rows of the corporate-actions export: every field quoted, a BOM, one header line. */
export function readCorporateActions(
  file = CORPORATE_ACTIONS_FILE,
): Array<{ symbol: string; series: string; purpose: string; exDate: string | null }> {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.slice(1, -1).split('","');
      return { symbol: cells[0]!, series: cells[2]!, purpose: cells[3]!, exDate: isoDate(cells[5]!) };
    });
}

/** The adjusting events one PURPOSE text names (their factors), by this test's own reading. */
export function adjustingFactors(purpose: string): Fraction[] {
  if (/debenture|preference|ncrps/i.test(purpose)) return [];
  const factors: Fraction[] = [];
  const faceValue =
    /(?:split|consolidation|sub-division)[^/]*?(?:from\s*)?r[se]\.?\s*([\d.]+)\s*(?:\/-)?\s*(?:per\s+share)?\s*to\s*r[se]\.?\s*([\d.]+)/gi;
  for (const match of purpose.matchAll(faceValue)) {
    const from = decimalFraction(match[1]!);
    const to = decimalFraction(match[2]!);
    // A/B = (from.num/from.den) ÷ (to.num/to.den)
    factors.push(reduce({ num: from.num * to.den, den: from.den * to.num }));
  }
  for (const match of purpose.matchAll(/bonus\s*-?\s*(\d+)\s*:\s*(\d+)/gi)) {
    const added = BigInt(match[1]!);
    const held = BigInt(match[2]!);
    factors.push(reduce({ num: added + held, den: held }));
  }
  return factors;
}

/**
 * Every adjusting event with an ex-date on or before `through`, by symbol, oldest first: one event
 * announced in several rows (several series) counts once.
 */
export function adjustingEvents(through: string): Map<string, AdjustingEvent[]> {
  const seen = new Set<string>();
  const bySymbol = new Map<string, AdjustingEvent[]>();
  for (const action of readCorporateActions()) {
    if (!action.exDate || action.exDate > through) continue;
    for (const factor of adjustingFactors(action.purpose)) {
      const key = `${action.symbol}|${action.exDate}|${factor.num}/${factor.den}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = bySymbol.get(action.symbol) ?? [];
      list.push({ symbol: action.symbol, exDate: action.exDate, ...factor });
      bySymbol.set(action.symbol, list);
    }
  }
  for (const list of bySymbol.values()) list.sort((a, b) => a.exDate.localeCompare(b.exDate));
  return bySymbol;
}

/** The product of the factors of `events` with after < ex-date ≤ upTo (1 when none). */
export function divisorBetween(events: readonly AdjustingEvent[] | undefined, after: string, upTo: string): Fraction {
  let divisor: Fraction = { num: 1n, den: 1n };
  for (const event of events ?? []) if (event.exDate > after && event.exDate <= upTo) divisor = times(divisor, event);
  return divisor;
}

/** A decimal price string (up to 10 places) in units. */
export function units(price: string): bigint {
  const negative = price.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? price.slice(1) : price).split('.');
  if (fraction.length > 10) throw new Error(`more than 10 decimal places: ${price}`);
  const value = BigInt(whole) * UNIT + BigInt((fraction + '0000000000').slice(0, 10));
  return negative ? -value : value;
}

/** A raw price ÷ a divisor, in units (rounded half up to 10 places). */
export function adjust(price: string, divisor: Fraction): bigint {
  return divideRounded(units(price) * divisor.den, divisor.num);
}

/** One day's change from a previous close, both in units: [change, change %] as 2-decimal strings (% null when previous is 0). */
export function dayChange(close: bigint, previous: bigint): [string, string | null] {
  const change = close - previous;
  return [
    hundredths(divideRounded(change, UNIT / 100n)),
    previous === 0n ? null : hundredths(divideRounded(change * 10_000n, previous)),
  ];
}

/** A symbol's equity row in units, adjusted as of some D. */
export interface UnitRow {
  date: string;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
}

/** Each symbol's equity rows (oldest first) adjusted as of `through`: divided by its events with day < ex-date ≤ through. */
export function adjustedHistory(
  bySymbol: Map<string, BhavcopyRow[]>,
  events: Map<string, AdjustingEvent[]>,
  through: string,
): Map<string, UnitRow[]> {
  const result = new Map<string, UnitRow[]>();
  for (const [symbol, rows] of bySymbol) {
    const list: UnitRow[] = [];
    for (const row of rows) {
      if (row.date > through) continue;
      const divisor = divisorBetween(events.get(symbol), row.date, through);
      list.push({
        date: row.date,
        open: adjust(row.open, divisor),
        high: adjust(row.high, divisor),
        low: adjust(row.low, divisor),
        close: adjust(row.close, divisor),
      });
    }
    if (list.length > 0) result.set(symbol, list);
  }
  return result;
}

export interface ExpectedUnitTrend {
  symbol: string;
  previousDate: string;
  previousClose: bigint;
  presentClose: bigint;
  change: string;
  changePercent: string | null;
  percentKey: bigint;
}

/** One trend list of D = `day` (window after `after`) over rows adjusted as of that day. */
export function expectedUnitTrendList(
  history: Map<string, UnitRow[]>,
  direction: 'HIGH' | 'LOW',
  day: string,
  after: string,
): ExpectedUnitTrend[] {
  const list: ExpectedUnitTrend[] = [];
  for (const [symbol, rows] of history) {
    const today = rows.find((row) => row.date === day);
    if (!today) continue;
    const earlier = rows.filter((row) => row.date > after && row.date < day);
    if (earlier.length === 0) continue;
    const qualifies =
      direction === 'HIGH'
        ? earlier.every((row) => today.high >= row.high)
        : earlier.every((row) => today.low <= row.low);
    if (!qualifies) continue;
    const previous = earlier.at(-1)!;
    const [change, changePercent] = dayChange(today.close, previous.close);
    list.push({
      symbol,
      previousDate: previous.date,
      previousClose: previous.close,
      presentClose: today.close,
      change,
      changePercent,
      percentKey: divideRounded((today.close - previous.close) * 10_000n, previous.close),
    });
  }
  return list.sort((a, b) => {
    if (a.percentKey !== b.percentKey)
      return (direction === 'HIGH' ? a.percentKey < b.percentKey : a.percentKey > b.percentKey) ? 1 : -1;
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  });
}

/** Each symbol's highest high and lowest low over after < t ≤ day, with the latest date each was reached. */
export function expectedUnitExtremes(
  history: Map<string, UnitRow[]>,
  day: string,
  after: string,
): Map<string, ExpectedExtreme> {
  const expected = new Map<string, ExpectedExtreme>();
  for (const [symbol, rows] of history) {
    for (const row of rows) {
      if (!(row.date > after && row.date <= day)) continue;
      const current = expected.get(symbol);
      if (!current) {
        expected.set(symbol, { high: row.high, highDate: row.date, low: row.low, lowDate: row.date });
        continue;
      }
      if (row.high >= current.high) Object.assign(current, { high: row.high, highDate: row.date });
      if (row.low <= current.low) Object.assign(current, { low: row.low, lowDate: row.date });
    }
  }
  return expected;
}

/**
 * Every tile of the trend lists (weeks high and low, every period; as they were on `at.asOf` when
 * given) has the previous close, change and change % the Stock Prices list (of `at.date`, else the
 * latest) gives its symbol. Returns how many tiles were compared.
 */
export async function expectTilesAgreeWithList(
  api: TestApi,
  label: string,
  at: { date?: string; asOf?: string } = {},
): Promise<number> {
  const rows = await api.request<StockPriceRowDto[]>('GET', `/public/stock-prices${at.date ? `?date=${at.date}` : ''}`);
  const list = new Map(rows.body.map((row) => [row.symbol, row]));
  let compared = 0;
  for (const tiles of Object.values(await fetchTrendLists(api, at.asOf))) {
    for (const [symbol, tile] of Object.entries(tiles)) {
      const row = list.get(symbol)!;
      expect([units(tile.Previous.closePrice), tile.change, tile.changePercent], `${symbol} ${label}`).toEqual([
        units(row.previousClose!),
        row.changePerDay,
        row.changePercent,
      ]);
      compared += 1;
    }
  }
  return compared;
}
