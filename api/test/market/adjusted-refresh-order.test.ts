/**
 * Adjusted prices do not depend on the order of the uploads (docs/decisions.md#adjusted-prices-in-the-analysis):
 * the real bhavcopies of 10-Sep-2019 to 31-Oct-2019, around the ex-dates of ASTRAL (bonus 1:4, 16-Sep),
 * HDFCBANK (2-for-1 split, 19-Sep), AARTIIND (bonus 1:1, 27-Sep), SATIA (10-for-1 split, 15-Oct) and IMPAL
 * (bonus 1:2, 25-Oct), and NSE's corporate-actions file, loaded into two fresh databases:
 * - prices first (one batch), then the corporate actions (their upload recomputes the affected symbols);
 * - the corporate actions first, then the prices one file at a time in date order over HTTP, so each
 *   upload moves D on and D passes the ex-dates one by one (the marks carried forward, the symbols
 *   whose adjustment changed recomputed). After every upload the stored trend tiles and the Stock
 *   Prices list of that day must give every symbol the same previous close and change.
 * The lists, the 12-month extremes, the prices of D and the candles must be identical both ways,
 * and equal the definition computed independently from the files (support/adjustment-definition.ts).
 * Each refresh's plan is read from the app's log (support/refresh-plans.ts): the corporate actions
 * after the prices remake the lists of the symbols they adjust, and the day D passes each ex-date
 * carries the marks forward and recomputes the adjusted symbols.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PriceExtremesResponseDto, StockPriceRowDto, TrendResponseDto } from '@bazaar/shared/contract';
import { startTestApi, DEMO, type TestApi } from '../setup/test-api.js';
import { legacyBhavcopyFiles, loadLegacyBhavcopies, readLegacyBhavcopies } from './support/bhavcopy.js';
import {
  expectExtremes,
  fetchTrendLists,
  groupBySymbol,
  type Period,
  type WindowAfter,
} from './support/trend-definition.js';
import {
  adjustedHistory,
  adjustingEvents,
  CORPORATE_ACTIONS_FILE,
  expectedUnitExtremes,
  expectedUnitTrendList,
  expectTilesAgreeWithList,
  units,
} from './support/adjustment-definition.js';
import { upload } from '../uploads/helpers.js';
import { recordRefreshes, type RefreshLog } from './support/refresh-plans.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** The file's date from its NSE name (cmDDMONYYYYbhav.csv or DDMONYYYY.csv). */
function fileDate(file: string): string {
  const match = /(\d{2})([A-Z]{3})(\d{4})/.exec(path.basename(file).toUpperCase())!;
  return `${match[3]}-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[1]}`;
}
const FILES = legacyBhavcopyFiles()
  .filter((file) => fileDate(file) >= '2019-09-10' && fileDate(file) <= '2019-10-31')
  .sort((a, b) => fileDate(a).localeCompare(fileDate(b)));
const D = '2019-10-31';
/**
 * D − P for D = Thursday 31 October 2019: WEEKLY 24 October; MONTHLY 30 September (31 September
 * clamps); QUARTERLY 31 July; HALFYEARLY 30 April (clamped); YEARLY 31 October 2018.
 */
const WINDOW_AFTER: WindowAfter = {
  WEEKLY: '2019-10-24',
  MONTHLY: '2019-09-30',
  QUARTERLY: '2019-07-31',
  HALFYEARLY: '2019-04-30',
  YEARLY: '2018-10-31',
};
const PERIODS = Object.keys(WINDOW_AFTER) as Period[];
const WITH_EVENTS = ['ASTRAL', 'HDFCBANK', 'AARTIIND', 'SATIA', 'IMPAL'];
/** Their ex-dates (the header), each a trading day of the files. */
const EX_DATES = ['2019-09-16', '2019-09-19', '2019-09-27', '2019-10-15', '2019-10-25'];

interface Snapshot {
  lists: Record<string, TrendResponseDto>;
  extremes: PriceExtremesResponseDto;
  prices: StockPriceRowDto[];
  candles: Record<string, unknown>;
  asOf: string;
}

async function snapshot(api: TestApi): Promise<Snapshot> {
  const candles: Record<string, unknown> = {};
  for (const symbol of WITH_EVENTS)
    candles[symbol] = (await api.request('GET', `/public/stock-prices?symbol=${symbol}`)).body;
  const state = await api.request<{ asOf: string }>('GET', '/public/technical-analysis/state');
  return {
    lists: await fetchTrendLists(api),
    extremes: (await api.request<Snapshot['extremes']>('GET', '/public/stock-prices/highestStockPriceByStock')).body,
    prices: (await api.request<StockPriceRowDto[]>('GET', '/public/stock-prices')).body,
    candles,
    asOf: state.body.asOf,
  };
}

/** The one refresh an upload made (read from the log since `before`). */
function refreshSince(log: RefreshLog, before: number, label: string) {
  const made = log.refreshes.slice(before);
  expect(made, `${label}: one refresh`).toHaveLength(1);
  return made[0]!;
}

/** NSE's corporate-actions file through the upload route, as staff (the upload recomputes the symbols it adjusts). */
async function uploadCorporateActions(api: TestApi, token: string): Promise<void> {
  const answer = await upload(
    api,
    token,
    'UPLOAD_CORPORATE_ACTIONS',
    'CF-CA-equities.csv',
    fs.readFileSync(CORPORATE_ACTIONS_FILE),
  );
  expect(answer.status, answer.text).toBe(200);
}

describe(`adjusted prices do not depend on the order of the uploads (${FILES.length} bhavcopies, corporate actions)`, () => {
  let pricesFirst: Snapshot;
  const apis: TestApi[] = [];
  afterAll(async () => Promise.all(apis.map((api) => api.close())));

  it('prices then corporate actions: the definition computed from the files', async () => {
    const log = recordRefreshes();
    const api = await startTestApi({ logs: log.logs });
    apis.push(api);
    await loadLegacyBhavcopies(api.app, FILES);
    const before = log.refreshes.length;
    await uploadCorporateActions(api, await api.login(DEMO.staff.username, DEMO.staff.password));
    // D unchanged, no price date changed: only the lists, for the symbols the events adjust
    const refresh = refreshSince(log, before, 'corporate actions');
    expect(refresh.plan).toBe('lists');
    expect(refresh.adjustedSymbols).toBeGreaterThanOrEqual(WITH_EVENTS.length);
    pricesFirst = await snapshot(api);
    expect(pricesFirst.asOf).toBe(D);

    const history = adjustedHistory(groupBySymbol(readLegacyBhavcopies(FILES)), adjustingEvents(D), D);
    for (const direction of ['HIGH', 'LOW'] as const) {
      for (const period of PERIODS) {
        const actual = Object.values(pricesFirst.lists[`${direction.toLowerCase()} ${period}`]!).sort(
          (a, b) => a.position - b.position,
        );
        const expected = expectedUnitTrendList(history, direction, D, WINDOW_AFTER[period]);
        expect(
          actual.map((value) => value.Present.symbol),
          `${direction} ${period}`,
        ).toEqual(expected.map((item) => item.symbol));
        expect(
          actual.map((value) => [units(value.Previous.closePrice), value.change, value.changePercent]),
          `${direction} ${period}`,
        ).toEqual(expected.map((item) => [item.previousClose, item.change, item.changePercent]));
      }
    }
    expectExtremes(pricesFirst.extremes, expectedUnitExtremes(history, D, WINDOW_AFTER.YEARLY), units);
  }, 900_000);

  it('corporate actions then the prices day by day: identical, and the tiles agree with the list every day', async () => {
    const log = recordRefreshes();
    const api = await startTestApi({ logs: log.logs });
    apis.push(api);
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    await uploadCorporateActions(api, token);
    const events = adjustingEvents(D);
    let compared = 0;
    let previousDay: string | undefined;
    const passingExDates: string[] = [];
    for (const file of FILES) {
      const before = log.refreshes.length;
      const answer = await upload(api, token, 'UPLOAD_STOCK_PRICE', path.basename(file), fs.readFileSync(file));
      expect(answer.status, `${path.basename(file)}: ${answer.text}`).toBe(200);
      const day = fileDate(file);
      const refresh = refreshSince(log, before, day);
      // the first day computes everything; each later day moves D on by one trading day
      expect(refresh.plan, day).toBe(previousDay ? 'carried' : 'full');
      const passes = (exDate: string) => previousDay !== undefined && previousDay < exDate && exDate <= day;
      // the symbols whose adjustment changes as D passes their ex-dates (every event of the file)
      const adjusted = [...events].filter(([, list]) => list.some((event) => passes(event.exDate))).length;
      if (previousDay) expect(refresh.adjustedSymbols, day).toBe(adjusted);
      passingExDates.push(...EX_DATES.filter(passes));
      previousDay = day;
      compared += await expectTilesAgreeWithList(api, day);
    }
    expect(passingExDates).toEqual(EX_DATES);
    expect(compared).toBeGreaterThan(1000);
    expect(await snapshot(api)).toEqual(pricesFirst);
  }, 900_000);
});
