/**
 * The portfolio against the market (docs/product/home.md#against-the-market) on real data:
 * HDFCBANK's EQ closes of 11-Sep..18-Oct-2019 from the legacy bhavcopies of ../shared/data (its split
 * ₹2 → ₹1 ex 19-Sep-2019 from the real corporate actions), NIFTY 50 TRI from its real export. Every
 * expected figure is computed here from the files, not by the code under test:
 *
 * 10 HDFCBANK bought at the close of 11-Sep-2019 (2,251.30: 22,513.00), valued on D = 18-Oct-2019 at
 * 20 × 1,229.00 = 24,580.00 (+9.18 % in 37 days): XIRR = (24,580 ÷ 22,513)^(365/37) − 1, about 138 % —
 * not the 1.15 % that dating the value today (28-Nov-2026) gave.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchmarkDto, DashboardDto } from '@bazaar/shared/contract';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { DATA_DIR, sqlRows, uploadBhavcopyDays, uploadRealCorporateActions } from '../uploads/helpers.js';
import { sql } from 'drizzle-orm';
import { addHolding, createReference, insertPrices } from './helpers.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** HDFCBANK's EQ close of every legacy bhavcopy from 11-Sep to 18-Oct-2019, by date. */
function hdfcCloses(): Map<string, string> {
  const folder = path.join(DATA_DIR, 'bhavcopy/legacy');
  const closes = new Map<string, string>();
  for (const name of fs.readdirSync(folder)) {
    const match = /^(\d\d)([A-Z]{3})(2019)\.csv$/.exec(name);
    if (!match) continue;
    const date = `2019-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[1]}`;
    if (date < '2019-09-11' || date > '2019-10-18') continue;
    const line = fs
      .readFileSync(path.join(folder, name), 'utf8')
      .split('\n')
      .find((row) => row.startsWith('HDFCBANK,EQ,'));
    if (line) closes.set(date, line.split(',')[5]!);
  }
  return new Map([...closes].sort(([a], [b]) => a.localeCompare(b)));
}

/** NIFTY 50 TRI of a date from the export (its latest value on or before it). */
function triOn(date: string): number {
  const rows = fs
    .readFileSync(path.join(DATA_DIR, 'indices/nifty50_tri/nifty50_tri.csv'), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.replace(/"/g, '').split(','))
    .map(([, text, value]) => {
      const [day, month, year] = text!.split(' ') as [string, string, string];
      return [
        `${year}-${String(MONTHS.indexOf(month.toUpperCase()) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`,
        Number(value),
      ] as const;
    })
    .filter(([day]) => day <= date)
    .sort(([a], [b]) => b.localeCompare(a));
  return rows[0]![1];
}

const closes = hdfcCloses();
const percent = (rate: number) => (rate * 100).toFixed(2);
const days = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

describe('the portfolio against the market (real data)', () => {
  let api: TestApi;
  let investor: string;
  let ref: Awaited<ReturnType<typeof createReference>>;

  const benchmark = (query = '') =>
    api.request<BenchmarkDto & { message?: string }>('GET', `/user/portfolio/benchmark${query}`, { token: investor });

  beforeAll(async () => {
    api = await startTestApi();
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    expect((await uploadRealCorporateActions(api, staff)).status).toBe(200);
    await insertPrices(
      api,
      [...closes].map(([date, close]) => ({ symbol: 'HDFCBANK', date, close })),
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob([fs.readFileSync(path.join(DATA_DIR, 'indices/nifty50_tri/nifty50_tri.csv'))]),
      'tri.csv',
    );
    expect(
      (await api.request('POST', '/insight/staff/uploads/index-prices', { token: staff, body: form })).status,
    ).toBe(200);
    ref = await createReference(api, staff, 'Bench');
    await addHolding(api, investor, ref, {
      symbol: 'HDFCBANK',
      price: closes.get('2019-09-11')!,
      quantity: 10,
      creationDate: '2019-09-11',
    });
  });
  afterAll(async () => api.close());

  it('dates the dashboard’s open value on D, not today: XIRR as worked from the files', async () => {
    const cost = 10 * Number(closes.get('2019-09-11'));
    const value = 20 * Number(closes.get('2019-10-18'));
    expect([cost, value]).toEqual([22_513, 24_580]);
    const expected = percent((value / cost) ** (365 / days('2019-09-11', '2019-10-18')) - 1);
    const dashboard = await api.request<DashboardDto>('GET', '/user/dashboard', { token: investor });
    expect(dashboard.body.priceDate).toBe('2019-10-18');
    expect(Math.abs(Number(dashboard.body.xirr) - Number(expected))).toBeLessThanOrEqual(0.01);
    expect(Number(dashboard.body.xirr)).toBeGreaterThan(100);
  });

  it('gives the index’s XIRR on the same rupees (public-market equivalent) and the TWR of both', async () => {
    const answer = await benchmark();
    expect(answer.status, answer.text).toBe(200);
    const pmeRate = (triOn('2019-10-18') / triOn('2019-09-11')) ** (365 / days('2019-09-11', '2019-10-18')) - 1;
    expect(answer.body).toMatchObject({
      index: 'NIFTY 50 TRI',
      valuedOn: '2019-10-18',
      from: '2019-09-11',
      to: '2019-10-18',
      warnings: [],
    });
    expect(Math.abs(Number(answer.body.indexXirr) - Number(percent(pmeRate)))).toBeLessThanOrEqual(0.01);
    // one lot, no flow in between: its TWR is its return, 24,580 ÷ 22,513 − 1
    expect(answer.body.portfolioTwr).toBe(percent(24_580 / 22_513 - 1));
    expect(answer.body.indexTwr).toBe(percent(triOn('2019-10-18') / triOn('2019-09-11') - 1));
    expect(answer.body.holdings).toEqual([
      {
        id: expect.any(Number),
        symbol: 'HDFCBANK',
        buyDate: '2019-09-11',
        endDate: '2019-10-18',
        holdingReturn: percent(24_580 / 22_513 - 1),
        indexReturn: percent(triOn('2019-10-18') / triOn('2019-09-11') - 1),
      },
    ]);
    // the chart: every trading day, the holding's value (20 shares after the split) and the same money in the index
    const last = answer.body.series.at(-1)!;
    expect(last).toEqual({
      date: '2019-10-18',
      portfolioValue: '24580.00',
      indexValue: ((22_513 / triOn('2019-09-11')) * triOn('2019-10-18')).toFixed(2),
    });
    expect(answer.body.series.find((day) => day.date === '2019-09-18')?.portfolioValue).toBe(
      (10 * Number(closes.get('2019-09-18'))).toFixed(2),
    );
  });

  it('chains a deposit in the middle of the period: the TWR of each day, computed here', async () => {
    // 5 more bought at the close of 1-Oct-2019
    await addHolding(api, investor, ref, {
      symbol: 'HDFCBANK',
      price: closes.get('2019-10-01')!,
      quantity: 5,
      creationDate: '2019-10-01',
    });
    const answer = await benchmark();
    // by hand: each day's value = shares × close (10 until the split, 20 from 19-Sep, 25 from 1-Oct);
    // the deposit enters the base of its own day: r = V_t ÷ (V_t−1 + deposit_t)
    let growth = 1;
    let previous = 0;
    for (const [date, close] of closes) {
      const shares = (date < '2019-09-19' ? 10 : 20) + (date >= '2019-10-01' ? 5 : 0);
      const deposit = date === '2019-09-11' ? 22_513 : date === '2019-10-01' ? 5 * Number(close) : 0;
      const value = shares * Number(close);
      growth *= value / (previous + deposit);
      previous = value;
    }
    expect(answer.body.portfolioTwr).toBe(percent(growth - 1));
    // the index's return does not depend on the flows
    expect(answer.body.indexTwr).toBe(percent(triOn('2019-10-18') / triOn('2019-09-11') - 1));
    expect(answer.body.periods.map((period) => period.period)).toEqual(['1M', '3M', '6M', '1Y', 'FY', 'ALL']);
  });

  it('says an index not loaded, and refuses a bad period', async () => {
    const missing = await benchmark('?index=NIFTY%20BANK');
    expect(missing.status).toBe(200);
    expect(missing.body.warnings).toEqual([
      'The index NIFTY BANK is not loaded: ask staff to upload it (Upload Index Prices)',
    ]);
    expect(missing.body.indexXirr).toBeNull();
    const bad = await benchmark('?from=2019-10-10&to=2019-10-01');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('from must not be after to');
  });

  it('values a day at its EQ close beside a BE one, a BE-only day at its BE close, whatever order the rows were stored in', async () => {
    // stored newest first, each day's BE row before its EQ row; no row on 15-Oct (the close of 14-Oct carries)
    await insertPrices(api, [
      { symbol: 'SHUFFLED', date: '2019-10-18', close: '110.00' },
      { symbol: 'SHUFFLED', series: 'BE', date: '2019-10-17', close: '999.00' },
      { symbol: 'SHUFFLED', date: '2019-10-17', close: '108.00' },
      { symbol: 'SHUFFLED', series: 'BE', date: '2019-10-16', close: '107.50' },
      { symbol: 'SHUFFLED', series: 'BE', date: '2019-10-14', close: '555.00' },
      { symbol: 'SHUFFLED', date: '2019-10-14', close: '105.00' },
    ]);
    await addHolding(api, investor, ref, { symbol: 'SHUFFLED', price: '105', quantity: 4, creationDate: '2019-10-14' });
    const answer = await benchmark();
    expect(answer.status, answer.text).toBe(200);
    // 25 HDFCBANK (10 bought, split 2 for 1, 5 more on 1-Oct) and 4 SHUFFLED at the close of the day
    const shuffled: Record<string, number> = {
      '2019-10-14': 105,
      '2019-10-15': 105,
      '2019-10-16': 107.5,
      '2019-10-17': 108,
      '2019-10-18': 110,
    };
    expect(
      answer.body.series.filter((day) => day.date >= '2019-10-14').map((day) => [day.date, day.portfolioValue]),
    ).toEqual(
      Object.entries(shuffled).map(([date, close]) => [date, (25 * Number(closes.get(date)) + 4 * close).toFixed(2)]),
    );
    expect(answer.body.holdings.find((holding) => holding.symbol === 'SHUFFLED')).toMatchObject({
      buyDate: '2019-10-14',
      endDate: '2019-10-18',
      holdingReturn: percent(440 / 420 - 1),
    });
  });
  it('values a day written after an earlier answer at its new close: updated, deleted, inserted, uploaded', async () => {
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    const hdfc = (date: string) => 25 * Number(closes.get(date));
    const valuesFrom = async (date: string) =>
      Object.fromEntries(
        (await benchmark()).body.series
          .filter((day) => day.date >= date)
          .map((day) => [day.date, day.portfolioValue] as const),
      );
    /** The days the latest stock_prices write recorded under its counter (migration 0029). */
    const lastWriteDays = async () =>
      (
        await sqlRows<{ date: string | null }>(
          api.handle,
          `SELECT trade_date::text AS date FROM stock_price_changes
           WHERE version = (SELECT version FROM data_versions WHERE name = 'stock_prices') ORDER BY trade_date`,
        )
      ).map((row) => row.date);
    expect(Object.keys(await valuesFrom('2019-10-14'))).toHaveLength(5);
    // the BE-only day's close changed: 4 SHUFFLED at 106 on 16-Oct
    await api.handle.db.execute(
      sql`UPDATE stock_prices SET close_price = 106.00 WHERE symbol = 'SHUFFLED' AND trade_date = '2019-10-16'`,
    );
    expect(await lastWriteDays()).toEqual(['2019-10-16']);
    // 17-Oct's EQ row removed: its BE close of 999 counts; a new EQ row on 15-Oct: 106.50, not 14-Oct's 105 carried
    await api.handle.db.execute(
      sql`DELETE FROM stock_prices WHERE symbol = 'SHUFFLED' AND series = 'EQ' AND trade_date = '2019-10-17'`,
    );
    expect(await lastWriteDays()).toEqual(['2019-10-17']);
    await insertPrices(api, [{ symbol: 'SHUFFLED', date: '2019-10-15', close: '106.50' }]);
    expect(await lastWriteDays()).toEqual(['2019-10-15']);
    expect(await valuesFrom('2019-10-14')).toEqual({
      '2019-10-14': (hdfc('2019-10-14') + 4 * 105).toFixed(2),
      '2019-10-15': (hdfc('2019-10-15') + 4 * 106.5).toFixed(2),
      '2019-10-16': (hdfc('2019-10-16') + 4 * 106).toFixed(2),
      '2019-10-17': (hdfc('2019-10-17') + 4 * 999).toFixed(2),
      '2019-10-18': (hdfc('2019-10-18') + 4 * 110).toFixed(2),
    });
    // D's bhavcopy uploaded again with SHUFFLED at 111 (the upload's merge of a day already loaded)
    await uploadBhavcopyDays(api, staff, [
      [
        '18-OCT-2019',
        ['SHUFFLED,EQ,111.00,111.00,111.00,111.00,111.00,111.00,1000,111000.00,18-OCT-2019,10,INE000A01011,'],
      ],
    ]);
    expect((await valuesFrom('2019-10-18'))['2019-10-18']).toBe((hdfc('2019-10-18') + 4 * 111).toFixed(2));
    expect(
      await sqlRows<{ date: string }>(
        api.handle,
        `SELECT DISTINCT trade_date::text AS date FROM stock_price_changes
         WHERE version > (SELECT max(version) FROM stock_price_changes WHERE trade_date = '2019-10-15')`,
      ),
    ).toEqual([{ date: '2019-10-18' }]);
  });
});
