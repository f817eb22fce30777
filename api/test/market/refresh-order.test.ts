/**
 * The analysis refresh recomputes only what an upload's dates can change
 * (docs/decisions.md#incremental-analysis-refresh): the lists must not depend on how the prices
 * arrived. Real NSE bhavcopies (the last days of February and all of March 2020, the weeks of the
 * March crash, when most symbols' weekly and monthly marks leave their windows day after day, plus
 * two days of January 2019, older than every window of 31 March 2020) are loaded into three fresh
 * databases: as one batch (one change signal for all dates), one file at a time over HTTP in date
 * order (each day moves D on), and one file at a time in a shuffled order (backfills inside and
 * outside the windows, D moving by leaps). The ten lists, the 12-month extremes and the day's
 * prices must be identical, and equal the definition computed independently from the files.
 *
 * On PostgreSQL the last week of March, September and December 2019 are loaded too: as D moves
 * through the last week of March 2020 they leave the yearly, half-yearly and quarterly windows, so
 * the marks of every period leave their windows on a carried day (what loading the whole 15 months
 * checked, at a sixth of the uploads), and D leaps by months on the way there. Each upload's plan
 * (full, carried, lists, unchanged) is read from the app's log: the tests check that every case
 * of the plan was taken, instead of assuming it.
 */
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import '../setup/provided-context.js';
import type { PriceExtremesResponseDto } from '@bazaar/shared/contract';
import { startTestApi, DEMO, type TestApi } from '../setup/test-api.js';
import { legacyBhavcopyFiles, parseBhavcopy, readLegacyBhavcopies, type BhavcopyRow } from './support/bhavcopy.js';
import { startLegacyPricesApi } from './support/legacy-database.js';
import {
  expectedExtremes,
  expectExtremes,
  fetchTrendLists,
  expectedTrendList,
  groupBySymbol,
  paise,
  type Period,
  TREND_LIST_PERIODS,
  WINDOW_AFTER_31_MAR_2020,
} from './support/trend-definition.js';
import { recordRefreshes, type RefreshLog, type RefreshPlan, windowAfter } from './support/refresh-plans.js';
import { upload } from '../uploads/helpers.js';
import { planRefresh } from '../../src/db/queries/market/analysis-state.js';
import fs from 'node:fs';

const POSTGRES = inject('testDb').engine === 'postgres';
/** Late February and March 2020, two days of January 2019; on PostgreSQL also the last weeks of March, September and December 2019. */
const DAYS = POSTGRES
  ? /(2[4-8]FEB2020|MAR2020|0[23]JAN2019|2[2-9]MAR2019|(2[3-9]|30)SEP2019|(2[3-9]|3[01])DEC2019)\.csv$/
  : /(2[4-8]FEB2020|MAR2020|0[23]JAN2019)\.csv$/;
const FILES = legacyBhavcopyFiles().filter((file) => DAYS.test(path.basename(file)));
const D = '2020-03-31';
const WINDOW_AFTER = WINDOW_AFTER_31_MAR_2020;
const PERIODS = Object.keys(WINDOW_AFTER) as Period[];
/** The periods whose marks leave their windows on a carried day of the date-order run (see the header). */
const LEAVING: readonly Period[] = POSTGRES ? TREND_LIST_PERIODS : ['WEEKLY', 'MONTHLY'];

const dateOf = new Map(FILES.map((file) => [file, readLegacyBhavcopies([file])[0]!.date]));

/** A deterministic shuffle (a fixed seed: a failure can be replayed). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * What an upload of one day's file is, from the dates alone, and the plan the refresh's rules give it
 * (docs/decisions.md#incremental-analysis-refresh): D is the latest day loaded before it.
 */
type UploadCase =
  | 'first day'
  | 'D moves to the next trading day'
  | 'D leaps by less than a year'
  | 'D leaps by a year or more'
  | 'a day inside the windows of D'
  | 'a day older than every window of D'
  | 'the rows of D itself';
const PLAN_OF: Record<UploadCase, RefreshPlan> = {
  'first day': 'full',
  'D moves to the next trading day': 'carried',
  'D leaps by less than a year': 'carried',
  'D leaps by a year or more': 'full',
  'a day inside the windows of D': 'full',
  'a day older than every window of D': 'unchanged',
  'the rows of D itself': 'lists',
};

function caseOf(day: string, previousD: string | undefined): UploadCase {
  if (!previousD) return 'first day';
  if (day === previousD) return 'the rows of D itself';
  if (day < previousD)
    return day > windowAfter(previousD, 'YEARLY')
      ? 'a day inside the windows of D'
      : 'a day older than every window of D';
  if (windowAfter(day, 'YEARLY') >= previousD) return 'D leaps by a year or more';
  // a weekend and a holiday at most between two trading days
  const gapDays = (Date.parse(day) - Date.parse(previousD)) / 86_400_000;
  return gapDays <= 4 ? 'D moves to the next trading day' : 'D leaps by less than a year';
}

/** Each case met by the uploads, with the plans its refreshes took. */
type PlansByCase = Map<UploadCase, Set<RefreshPlan>>;

/** Every case met took its plan (other plans for a case would be a refresh doing more or less than needed). */
function expectPlansOfTheCases(plans: PlansByCase): void {
  for (const [uploadCase, taken] of plans) expect([...taken], uploadCase).toEqual([PLAN_OF[uploadCase]]);
}

interface Snapshot {
  lists: Record<string, unknown>;
  extremes: unknown;
  prices: unknown;
  asOf: string;
}

async function snapshot(api: TestApi): Promise<Snapshot> {
  const lists = await fetchTrendLists(api);
  const extremes = (await api.request('GET', '/public/stock-prices/highestStockPriceByStock')).body;
  const prices = (await api.request('GET', '/public/stock-prices')).body;
  const state = await api.request<{ asOf: string }>('GET', '/public/technical-analysis/state');
  return { lists, extremes, prices, asOf: state.body.asOf };
}

/** The ten lists and the 12-month extremes of D equal the definition computed from these rows. */
function expectTheDefinition(answer: Snapshot, bySymbol: Map<string, BhavcopyRow[]>): void {
  expect(answer.asOf).toBe(D);
  for (const direction of ['HIGH', 'LOW'] as const) {
    for (const period of PERIODS) {
      const list = answer.lists[`${direction.toLowerCase()} ${period}`] as Record<
        string,
        { position: number; changePercent: string; Previous: { date: string } }
      >;
      const expected = expectedTrendList(bySymbol, direction, D, WINDOW_AFTER[period]);
      const actual = Object.entries(list).sort((a, b) => a[1].position - b[1].position);
      expect(expected.length).toBeGreaterThan(0);
      expect(actual.map(([symbol]) => symbol)).toEqual(expected.map((item) => item.symbol));
      expect(actual.map(([, value]) => value.Previous.date)).toEqual(expected.map((item) => item.previousDate));
      expect(actual.map(([, value]) => value.changePercent)).toEqual(expected.map((item) => item.changePercent));
    }
  }
  expectExtremes(answer.extremes as PriceExtremesResponseDto, expectedExtremes(bySymbol, D, WINDOW_AFTER.YEARLY));
}

/** Uploads one file as staff (the refresh runs before the answer); answers the plan of its refresh. */
async function uploadDay(
  api: TestApi,
  log: RefreshLog,
  token: string,
  name: string,
  bytes: Buffer,
): Promise<RefreshPlan> {
  const before = log.refreshes.length;
  const answer = await upload(api, token, 'UPLOAD_STOCK_PRICE', name, bytes);
  expect(answer.status, `${name}: ${answer.text}`).toBe(200);
  const made = log.refreshes.slice(before);
  expect(made, `${name}: one refresh`).toHaveLength(1);
  return made[0]!.plan;
}

/** Uploads the files one at a time over HTTP as staff: each upload refreshes before it answers. */
async function uploadOneByOne(files: readonly string[]): Promise<{ result: Snapshot; plans: PlansByCase }> {
  const log = recordRefreshes();
  const api = await startTestApi({ logs: log.logs });
  const plans: PlansByCase = new Map();
  try {
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    let latest: string | undefined;
    for (const file of files) {
      const day = dateOf.get(file)!;
      const uploadCase = caseOf(day, latest);
      const plan = await uploadDay(api, log, token, path.basename(file), fs.readFileSync(file));
      plans.set(uploadCase, (plans.get(uploadCase) ?? new Set()).add(plan));
      if (!latest || day > latest) latest = day;
    }
    return { result: await snapshot(api), plans };
  } finally {
    await api.close();
  }
}

/**
 * How many symbols' marks leave each period's window when D moves on to the next trading day (in
 * date order), from the files: the window's highest high or lowest low before the
 * move is on a day the window after the move no longer holds.
 */
function marksLeaving(bySymbol: Map<string, BhavcopyRow[]>, days: readonly string[]): Record<Period, number> {
  const counts = Object.fromEntries(TREND_LIST_PERIODS.map((period) => [period, 0])) as Record<Period, number>;
  // paise as numbers (exact below 2^53), converted once: the scan below visits every row many times
  const symbols = [...bySymbol.values()].map((rows) => ({
    dates: rows.map((row) => row.date),
    highs: rows.map((row) => Number(paise(row.high))),
    lows: rows.map((row) => Number(paise(row.low))),
  }));
  for (let i = 1; i < days.length; i++) {
    const [from, to] = [days[i - 1]!, days[i]!];
    if (caseOf(to, from) !== 'D moves to the next trading day') continue;
    for (const period of TREND_LIST_PERIODS) {
      const [after, nextAfter] = [windowAfter(from, period), windowAfter(to, period)];
      for (const { dates, highs, lows } of symbols) {
        // the latest day of the highest high and of the lowest low over after < t ≤ from
        let highDay: string | undefined;
        let lowDay: string | undefined;
        let high = -Infinity;
        let low = Infinity;
        for (let j = 0; j < dates.length; j++) {
          const date = dates[j]!;
          if (date <= after || date > from) continue;
          if (highs[j]! >= high) [high, highDay] = [highs[j]!, date];
          if (lows[j]! <= low) [low, lowDay] = [lows[j]!, date];
        }
        if (highDay === undefined) continue;
        if (highDay <= nextAfter || lowDay! <= nextAfter) counts[period]++;
      }
    }
  }
  return counts;
}

describe(`the lists do not depend on the order of the uploads (${FILES.length} real bhavcopies)`, () => {
  let batch: Snapshot;
  let batchApi: TestApi | undefined;
  const batchLog = recordRefreshes();
  const bySymbol = groupBySymbol(readLegacyBhavcopies(FILES));
  afterAll(async () => batchApi?.close());

  it('the windows of the test are the hand-worked ones of 31 March 2020', () => {
    for (const period of PERIODS) expect(windowAfter(D, period), period).toBe(WINDOW_AFTER[period]);
  });

  it('as one batch: equal to the definition computed from the files', async () => {
    // a copy of a load of these files made once per run (support/legacy-database.ts)
    batchApi = await startLegacyPricesApi(FILES, { logs: batchLog.logs });
    batch = await snapshot(batchApi);
    expectTheDefinition(batch, bySymbol);
  }, 900_000);

  it('a day older than every window changes no list', async () => {
    const before = await snapshot(batchApi!);
    const token = await batchApi!.login(DEMO.staff.username, DEMO.staff.password);
    const old = path.join(path.dirname(FILES[0]!), '01JAN2019.csv');
    expect(caseOf('2019-01-01', D)).toBe('a day older than every window of D');
    expect(await uploadDay(batchApi!, batchLog, token, '01JAN2019.csv', fs.readFileSync(old))).toBe('unchanged');
    expect(await snapshot(batchApi!)).toEqual(before);
  }, 120_000);

  it('a correction of the rows of D remakes its lists, and the original file puts them back', async () => {
    const token = await batchApi!.login(DEMO.staff.username, DEMO.staff.password);
    const file = FILES.find((name) => dateOf.get(name) === D)!;
    const original = fs.readFileSync(file);
    // one symbol's day of D stretched: its high doubled, its low halved (a new high and low of every window)
    const lines = original.toString('utf8').split('\n');
    const index = lines.findIndex((line, i) => i > 0 && line.split(',')[1] === 'EQ');
    const cells = lines[index]!.split(',');
    cells[3] = (Number(cells[3]) * 2).toFixed(2);
    cells[4] = (Number(cells[4]) / 2).toFixed(2);
    lines[index] = cells.join(',');
    const corrected = Buffer.from(lines.join('\n'));
    const correctedBySymbol = groupBySymbol([
      ...readLegacyBhavcopies(FILES.filter((name) => name !== file)),
      ...parseBhavcopy(corrected.toString('utf8')),
    ]);

    expect(caseOf(D, D)).toBe('the rows of D itself');
    expect(await uploadDay(batchApi!, batchLog, token, path.basename(file), corrected)).toBe('lists');
    const afterCorrection = await snapshot(batchApi!);
    expectTheDefinition(afterCorrection, correctedBySymbol);
    expect(afterCorrection.lists).not.toEqual(batch.lists);

    expect(await uploadDay(batchApi!, batchLog, token, path.basename(file), original)).toBe('lists');
    expect(await snapshot(batchApi!)).toEqual(batch);
  }, 300_000);

  it('one file at a time in date order: identical to the batch; marks of every period leave their windows', async () => {
    const inOrder = [...FILES].sort((a, b) => dateOf.get(a)!.localeCompare(dateOf.get(b)!));
    const { result, plans } = await uploadOneByOne(inOrder);
    expect(result).toEqual(batch);
    expectPlansOfTheCases(plans);
    expect(plans.get('D moves to the next trading day')).toBeDefined();
    if (POSTGRES) expect(plans.get('D leaps by less than a year')).toBeDefined();
    else expect(plans.get('D leaps by a year or more')).toBeDefined();
    const leaving = marksLeaving(
      bySymbol,
      inOrder.map((file) => dateOf.get(file)!),
    );
    for (const period of LEAVING) expect(leaving[period], period).toBeGreaterThan(0);
  }, 900_000);

  it('one file at a time in a shuffled order: identical to the batch', async () => {
    const { result, plans } = await uploadOneByOne(shuffled(FILES, 20_200_331));
    expect(result).toEqual(batch);
    expectPlansOfTheCases(plans);
    for (const uploadCase of [
      'a day inside the windows of D',
      'a day older than every window of D',
      'D leaps by less than a year',
    ] as const)
      expect(plans.get(uploadCase), uploadCase).toBeDefined();
  }, 900_000);
});

describe('what a change of prices requires (planRefresh)', () => {
  const computed = { asOf: '2020-03-30', marksAsOf: '2020-03-30' };
  const days = (n: number) => () => Promise.resolve(n);

  it('recomputes everything when the dates or the stored marks are unknown', () => {
    expect(planRefresh(computed, '2020-03-31', undefined, days(1))).toBe('full');
    expect(planRefresh(null, '2020-03-31', ['2020-03-31'], days(1))).toBe('full');
    expect(planRefresh({ asOf: '2020-03-30', marksAsOf: null }, '2020-03-31', ['2020-03-31'], days(1))).toBe('full');
  });

  it('carries the marks to a new latest day, unless D leaps more than a month of trading days', async () => {
    expect(await planRefresh(computed, '2020-03-31', ['2020-03-31'], days(1))).toBe('carried');
    expect(await planRefresh(computed, '2020-03-31', ['2020-03-30', '2020-03-31'], days(1))).toBe('carried');
    expect(await planRefresh(computed, '2020-05-29', ['2020-05-29'], days(40))).toBe('full');
  });

  it('remakes only the lists when the rows of D itself changed', () => {
    expect(planRefresh(computed, '2020-03-30', ['2020-03-30'], days(0))).toBe('lists');
  });

  it('changes nothing for days older than every window of D (after 30 March 2019)', () => {
    expect(planRefresh(computed, '2020-03-30', ['2019-01-02', '2019-03-29'], days(0))).toBe('unchanged');
    expect(planRefresh(computed, '2020-03-30', ['2019-03-30'], days(0))).toBe('unchanged');
  });

  it('recomputes everything for a change inside a window of D, or D going back', () => {
    expect(planRefresh(computed, '2020-03-30', ['2019-03-31'], days(0))).toBe('full');
    expect(planRefresh(computed, '2020-03-30', ['2020-03-27'], days(0))).toBe('full');
    expect(planRefresh(computed, '2020-03-27', ['2020-03-30'], days(0))).toBe('full');
  });
});
