/**
 * Alert rules against real data (docs/product/alerts.md#rules): the legacy NSE bhavcopies of ../shared/data and
 * the exchange's CF-CA-equities.csv. Trading days 2..15 of 2019 are loaded, then D = the 16th (2019-01-22) through
 * the upload route, which queues the job; then the 1st (2019-01-01) as a backfill. The alerts of D are worked out
 * here from the files, independently of the app: the close crossing a level set between the previous close and
 * D's close, the day's change beyond ±3 %, a new 52-week high or low (high(D) ≥ every earlier high of the loaded
 * days, low(D) ≤ every earlier low: the default rule), and a dividend with an ex-date within 7 days after D (the
 * other default). The backfilled older day fires nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '@bazaar/shared/contract';
import { useTestApi } from '../setup/test-api.js';
import {
  LEGACY_BHAVCOPY_DIR,
  legacyBhavcopyFiles,
  loadLegacyBhavcopies,
  parseBhavcopy,
  type BhavcopyRow,
} from '../market/support/bhavcopy.js';
import { sqlRows, upload, uploadRealCorporateActions } from '../uploads/helpers.js';
import { settleAlerts } from './settle.js';

const CORPORATE_ACTIONS = path.resolve(LEGACY_BHAVCOPY_DIR, '../../corporate_actions/CF-CA-equities.csv');
const MONTHS: Record<string, number> = {
  Jan: 1,
  Feb: 2,
  Mar: 3,
  Apr: 4,
  May: 5,
  Jun: 6,
  Jul: 7,
  Aug: 8,
  Sep: 9,
  Oct: 10,
  Nov: 11,
  Dec: 12,
};
const EQUITY_SERIES = new Set(['EQ', 'BE', 'BZ', 'SM', 'ST']);

const files = legacyBhavcopyFiles()
  .map((file) => ({ file, rows: parseBhavcopy(fs.readFileSync(file, 'utf8')) }))
  .map(({ file, rows }) => ({ file, rows, date: rows[0]!.date }))
  .sort((a, b) => a.date.localeCompare(b.date))
  .slice(0, 16);
const FIRST = files[0]!;
const EARLIER = files.slice(1, 15);
const DAY = files[15]!;
const D = DAY.date;
const PREVIOUS = EARLIER.at(-1)!.date;

/** The corporate actions of the file: symbol, purpose, ex-date (ISO). */
const actions = fs
  .readFileSync(CORPORATE_ACTIONS, 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) =>
    line
      .replace(/^\uFEFF/, '')
      .slice(1, -1)
      .split('","'),
  )
  .map(([symbol, , , purpose, , exDate]) => {
    const [day, month, year] = exDate!.split('-') as [string, string, string];
    return { symbol: symbol!, purpose: purpose!, exDate: `${year}-${String(MONTHS[month]).padStart(2, '0')}-${day}` };
  });
const weekAfterD = new Date(`${D}T00:00:00Z`);
weekAfterD.setUTCDate(weekAfterD.getUTCDate() + 7);
const UPCOMING_END = weekAfterD.toISOString().slice(0, 10);
const upcoming = actions.filter((action) => action.exDate > D && action.exDate <= UPCOMING_END);
/** Symbols whose prices a split, bonus or consolidation adjusts within the loaded days: left out. */
const adjusted = new Set(
  actions
    .filter(
      (action) => /split|bonus|consolidat/i.test(action.purpose) && action.exDate > FIRST.date && action.exDate <= D,
    )
    .map((action) => action.symbol),
);

/** Each symbol's single EQ row per day (symbols with any other equity series on a loaded day are left out). */
const rowsBySymbol = new Map<string, BhavcopyRow[]>();
const otherSeries = new Set<string>();
for (const { rows } of [...EARLIER, DAY])
  for (const row of rows) {
    if (!EQUITY_SERIES.has(row.series)) continue;
    if (row.series !== 'EQ') otherSeries.add(row.symbol);
    else rowsBySymbol.set(row.symbol, [...(rowsBySymbol.get(row.symbol) ?? []), row]);
  }
const candidates = [...rowsBySymbol.keys()].filter((symbol) => {
  const rows = rowsBySymbol.get(symbol)!;
  return !otherSeries.has(symbol) && !adjusted.has(symbol) && rows.at(-1)!.date === D && rows.at(-2)?.date === PREVIOUS;
});
const changePercent = (symbol: string) => {
  const rows = rowsBySymbol.get(symbol)!;
  const previous = new Big(rows.at(-2)!.close);
  return new Big(rows.at(-1)!.close).minus(previous).div(previous).times(100);
};
const noActions = candidates
  .filter((symbol) => !upcoming.some((action) => action.symbol === symbol))
  // away from the ±3 % edge: the app rounds the change first
  .filter((symbol) => changePercent(symbol).abs().minus(3).abs().gt(0.05))
  .sort((a, b) => changePercent(b).cmp(changePercent(a)) || a.localeCompare(b));
const RISERS = noActions.slice(0, 3);
const FALLERS = noActions.slice(-3);
const QUIET = noActions.slice(Math.floor(noActions.length / 2), Math.floor(noActions.length / 2) + 2);
const DIVIDENDS = [
  ...new Set(
    upcoming
      .filter((action) => /dividend/i.test(action.purpose) && candidates.includes(action.symbol))
      .filter((action) =>
        upcoming.filter((other) => other.symbol === action.symbol).every((other) => /dividend/i.test(other.purpose)),
      )
      .map((action) => action.symbol),
  ),
].slice(0, 4);
const WATCHED = [...RISERS, ...FALLERS, ...QUIET, ...DIVIDENDS];

/** The midpoint of the previous close and D's close, to 2 decimals: a level the close crosses on D. */
function crossedLevel(symbol: string): Big {
  const rows = rowsBySymbol.get(symbol)!;
  return new Big(rows.at(-2)!.close).plus(rows.at(-1)!.close).div(2).round(2);
}

/** What fires on D for the watched symbols, as "SYMBOL KIND[ side]". */
function expectedAlerts(): string[] {
  const expected: string[] = [];
  for (const symbol of WATCHED) {
    const rows = rowsBySymbol.get(symbol)!;
    const today = rows.at(-1)!;
    const earlier = rows.slice(0, -1);
    if (changePercent(symbol).abs().gte(3)) expected.push(`${symbol} DAY_CHANGE_BEYOND`);
    if (earlier.length > 0) {
      if (new Big(today.high).gte(earlier.map((row) => new Big(row.high)).reduce((a, b) => (b.gt(a) ? b : a))))
        expected.push(`${symbol} TREND_ENTRY HIGH`);
      if (new Big(today.low).lte(earlier.map((row) => new Big(row.low)).reduce((a, b) => (b.lt(a) ? b : a))))
        expected.push(`${symbol} TREND_ENTRY LOW`);
    }
    if (DIVIDENDS.includes(symbol)) expected.push(`${symbol} CORPORATE_ACTION`);
  }
  for (const symbol of RISERS) expected.push(`${symbol} CLOSE_ABOVE`);
  for (const symbol of FALLERS) expected.push(`${symbol} CLOSE_BELOW`);
  return expected.sort();
}

describe('alerts on real data', () => {
  const session = useTestApi();
  let list: NotificationDto[];

  beforeAll(async () => {
    const { api, staff, investor } = session;
    expect((await uploadRealCorporateActions(api, staff)).status).toBe(200);
    await loadLegacyBhavcopies(
      api.app,
      EARLIER.map((day) => day.file),
    );
    await settleAlerts(api);
    expect(RISERS.length + FALLERS.length + QUIET.length).toBe(8);
    expect(DIVIDENDS.length).toBeGreaterThan(0);
    for (const symbol of WATCHED)
      expect((await api.request('POST', '/user/watchlist', { token: investor, json: { symbol } })).status).toBe(201);
    const rule = async (symbol: string | null, kind: string, value: string) =>
      expect(
        (await api.request('POST', '/user/alert-rules', { token: investor, json: { symbol, kind, value } })).status,
      ).toBe(201);
    for (const symbol of RISERS) await rule(symbol, 'CLOSE_ABOVE', crossedLevel(symbol).toFixed(2));
    for (const symbol of FALLERS) await rule(symbol, 'CLOSE_BELOW', crossedLevel(symbol).toFixed(2));
    // a level above both closes: no crossing
    await rule(QUIET[0]!, 'CLOSE_ABOVE', new Big(rowsBySymbol.get(QUIET[0]!)!.at(-1)!.close).times(2).toFixed(2));
    await rule(null, 'DAY_CHANGE_BEYOND', '3');
    const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', path.basename(DAY.file), fs.readFileSync(DAY.file));
    expect(answer.status, answer.text).toBe(200);
    // the job of D waits for the analysis of D, which PostgreSQL may finish after the upload has answered
    await settleAlerts(api);
    list = (await api.request<NotificationDto[]>('GET', '/user/notifications', { token: investor })).body;
  });

  it(`fires on ${D} exactly what the files say`, () => {
    const keyOf = (notification: NotificationDto) =>
      notification.kind === 'TREND_ENTRY'
        ? `${notification.symbol} TREND_ENTRY ${/ made a new (?:[\w-]+ )?low\b/.test(notification.message) ? 'LOW' : 'HIGH'}`
        : `${notification.symbol} ${notification.kind}`;
    expect(list.every((notification) => notification.date === D)).toBe(true);
    expect(list.map(keyOf).sort()).toEqual(expectedAlerts());
  });

  it('fires nothing for a backfilled older day', async () => {
    const { api, staff, investor } = session;
    const answer = await upload(
      api,
      staff,
      'UPLOAD_STOCK_PRICE',
      path.basename(FIRST.file),
      fs.readFileSync(FIRST.file),
    );
    expect(answer.status, answer.text).toBe(200);
    await settleAlerts(api);
    expect((await api.request<NotificationDto[]>('GET', '/user/notifications', { token: investor })).body).toEqual(
      list,
    );
    const jobs = await sqlRows<{ job_key: string }>(api.handle, 'SELECT job_key FROM alert_jobs ORDER BY id');
    expect(jobs.map((job) => job.job_key)).not.toContain(`prices:${FIRST.date}`);
  });
});
