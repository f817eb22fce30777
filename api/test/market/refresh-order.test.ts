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
 * On PostgreSQL the whole 307 files are loaded the three ways.
 */
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import '../setup/provided-context.js';
import type { PriceExtremesResponseDto } from '@bazaar/shared/contract';
import { startTestApi, DEMO, type TestApi } from '../setup/test-api.js';
import { legacyBhavcopyFiles, readLegacyBhavcopies } from './support/bhavcopy.js';
import { startLegacyPricesApi } from './support/legacy-database.js';
import {
  expectedExtremes,
  expectExtremes,
  fetchTrendLists,
  expectedTrendList,
  groupBySymbol,
  type Period,
  WINDOW_AFTER_31_MAR_2020,
} from './support/trend-definition.js';
import { upload } from '../uploads/helpers.js';
import { planRefresh } from '../../src/db/queries/market/analysis-state.js';
import fs from 'node:fs';

const WHOLE = inject('testDb').engine === 'postgres';
const FILES = WHOLE
  ? legacyBhavcopyFiles()
  : legacyBhavcopyFiles().filter((file) => /(2[4-8]FEB2020|MAR2020|0[23]JAN2019)\.csv$/.test(path.basename(file)));
const D = '2020-03-31';
const WINDOW_AFTER = WINDOW_AFTER_31_MAR_2020;
const PERIODS = Object.keys(WINDOW_AFTER) as Period[];

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

/** Uploads the files one at a time over HTTP as staff: each upload refreshes before it answers. */
async function uploadOneByOne(files: readonly string[]): Promise<Snapshot> {
  const api = await startTestApi();
  try {
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    for (const file of files) {
      const answer = await upload(api, token, 'UPLOAD_STOCK_PRICE', path.basename(file), fs.readFileSync(file));
      expect(answer.status, `${path.basename(file)}: ${answer.text}`).toBe(200);
    }
    return await snapshot(api);
  } finally {
    await api.close();
  }
}

describe(`the lists do not depend on the order of the uploads (${FILES.length} real bhavcopies)`, () => {
  let batch: Snapshot;
  let batchApi: TestApi | undefined;
  afterAll(async () => batchApi?.close());

  it('as one batch: equal to the definition computed from the files', async () => {
    // on PostgreSQL, a copy of the load the real-data files read (support/legacy-database.ts)
    batchApi = await startLegacyPricesApi(FILES);
    batch = await snapshot(batchApi);
    expect(batch.asOf).toBe(D);
    const bySymbol = groupBySymbol(readLegacyBhavcopies(FILES));
    for (const direction of ['HIGH', 'LOW'] as const) {
      for (const period of PERIODS) {
        const list = batch.lists[`${direction.toLowerCase()} ${period}`] as Record<
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
    expectExtremes(batch.extremes as PriceExtremesResponseDto, expectedExtremes(bySymbol, D, WINDOW_AFTER.YEARLY));
  }, 900_000);

  it('a day older than every window changes no list', async () => {
    const before = await snapshot(batchApi!);
    const token = await batchApi!.login(DEMO.staff.username, DEMO.staff.password);
    const old = path.join(path.dirname(FILES[0]!), '01JAN2019.csv');
    const answer = await upload(batchApi!, token, 'UPLOAD_STOCK_PRICE', '01JAN2019.csv', fs.readFileSync(old));
    expect(answer.status).toBe(200);
    expect(await snapshot(batchApi!)).toEqual(before);
  }, 120_000);

  it('one file at a time in date order: identical to the batch', async () => {
    const dateOf = new Map(FILES.map((file) => [file, readLegacyBhavcopies([file])[0]!.date]));
    const inOrder = [...FILES].sort((a, b) => dateOf.get(a)!.localeCompare(dateOf.get(b)!));
    expect(await uploadOneByOne(inOrder)).toEqual(batch);
  }, 900_000);

  it('one file at a time in a shuffled order: identical to the batch', async () => {
    expect(await uploadOneByOne(shuffled(FILES, 20_200_331))).toEqual(batch);
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
