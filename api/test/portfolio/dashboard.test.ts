/**
 * The investor dashboard through the real app, against figures worked by hand from the holdings
 * below and the prices of day-market.ts; XIRR checked independently of the solver (the present
 * value of the flows written out here changes sign within the answer's rounding).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeToday } from '@bazaar/shared';
import type { DashboardDto, MarketSnapshotDto, PortfolioAlertDto } from '@bazaar/shared/contract';
import { deriveCorporateActionEvents } from '../../src/db/queries/company/corporate-action-events.js';
import { inTransaction } from '../../src/db/sql-session.js';
import { DEMO, loginSecondInvestor, useApi } from '../setup/test-api.js';
import { addHolding, firmsWithFlatBrokerage } from './helpers.js';
import { D, loadDayMarket } from './day-market.js';

/** Present value of flows at a yearly rate, days counted from the first flow (365 a year). */
function presentValue(flows: Array<[string, number]>, rate: number): number {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const first = Math.min(...flows.map(([date]) => day(date)));
  return flows.reduce((sum, [date, amount]) => sum + amount / Math.pow(1 + rate, (day(date) - first) / 365), 0);
}

/** The answer (a % with 2 decimals) is the root rounded: the present value changes sign across ± half a unit. */
function expectRoot(flows: Array<[string, number]>, percent: string | null | undefined) {
  expect(percent).not.toBeNull();
  const rate = Number(percent) / 100;
  expect(Math.sign(presentValue(flows, rate - 0.00005))).not.toBe(Math.sign(presentValue(flows, rate + 0.00005)));
}

describe('investor dashboard', () => {
  const api = useApi();
  let investor: string;
  let other: string;
  let staff: string;
  let dashboard: DashboardDto;
  const today = exchangeToday();

  beforeAll(async () => {
    await loadDayMarket(api);
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    other = await loginSecondInvestor(api, admin);
    const { a, b } = await firmsWithFlatBrokerage(api, staff, 'Dash', '10', '2020-01-01');
    // firm A (₹10 a trade): WATCHA 10 × 100 and WATCHB 4 × 60, both bought 2024-06-03, open
    await addHolding(api, investor, a, { symbol: 'WATCHA', price: '100', quantity: 10, creationDate: '2024-06-03' });
    await addHolding(api, investor, a, { symbol: 'WATCHB', price: '60', quantity: 4, creationDate: '2024-06-03' });
    // firm B (no charges): WATCHA 10 × 100 bought 2023-01-02, sold at 110 on 2024-01-02 (365 days: 10 % a year)
    await addHolding(api, investor, b, {
      symbol: 'WATCHA',
      price: '100',
      quantity: 10,
      creationDate: '2023-01-02',
      sellPrice: '110',
      sellingDate: '2024-01-02',
    });
    // dividends: WATCHA ₹2 ex 2024-07-01 (only the open lot held it), WATCHB ₹5.50 ex 2024-07-01;
    // WATCHA ₹1 ex 2023-01-02 (bought that day: not entitled), an amount-less one, a future one, and a
    // bonus announced with an ex-date after D (not in effect yet: no change)
    await api.handle.db.execute(sql`
      INSERT INTO corporate_actions (symbol, company_name, series, purpose, ex_date) VALUES
        ('WATCHA', 'Watch A', 'EQ', 'Dividend - Rs 2 Per Share', '2024-07-01'),
        ('WATCHB', 'Watch B', 'EQ', ' Interim Dividend - Rs 5.50/- Per Share', '2024-07-01'),
        ('WATCHA', 'Watch A', 'EQ', 'Dividend - Rs 1 Per Share', '2023-01-02'),
        ('WATCHA', 'Watch A', 'EQ', ' Interim Dividend', '2024-08-01'),
        ('WATCHA', 'Watch A', 'EQ', 'Dividend - Rs 50 Per Share', '2099-01-01'),
        ('WATCHA', 'Watch A', 'EQ', 'Bonus 1:1', '2025-01-13')`);
    await inTransaction(api.handle, deriveCorporateActionEvents);
    // watched: WATCHB (also held) and WATCHC (a new weekly high)
    for (const symbol of ['WATCHB', 'WATCHC'])
      await api.request('POST', '/user/watchlist', { token: investor, json: { symbol } });
    const answer = await api.request<DashboardDto>('GET', '/user/dashboard', { token: investor });
    expect(answer.status, answer.text).toBe(200);
    dashboard = answer.body;
  });

  it('totals, dividends and net P&L', () => {
    expect(dashboard.asOf).toBe(today);
    expect(dashboard.priceDate).toBe(D);
    expect(dashboard.openHoldings).toBe(2);
    // open: invested 1000 + 240, value 10 × 110 + 4 × 45 = 1280, unrealized 100 − 60 = 40;
    // realized (110 − 100) × 10 = 100; charges: 10 + 10 (estimated) twice at firm A = 40
    expect(dashboard.totals).toEqual({
      holdings: 3,
      invested: '1240',
      currentValue: '1280',
      realized: '100',
      unrealized: '40',
      charges: '40',
      // dividends 10 × 2 + 4 × 5.50 = 42
      dividends: '42',
      net: '142',
    });
    expect(dashboard.dividends).toBe('42');
    expect(dashboard.netProfitLoss).toBe('142');
  });

  it('the day’s change of open holdings', () => {
    // WATCHA 10 × (110 − 103) = 70, WATCHB 4 × (45 − 47) = −8: 62 on 1030 + 188 = 1218 → 5.09 %
    expect(dashboard.dayChange).toBe('62');
    expect(dashboard.dayChangePercent).toBe('5.09');
  });

  it('XIRR overall and per firm', () => {
    const firmB = dashboard.firms.find((f) => f.brokerageFirm.name === 'DashB Broking');
    expect(firmB).toMatchObject({ dividends: '0', netProfitLoss: '100', xirr: '10.00' });
    const firmA = dashboard.firms.find((f) => f.brokerageFirm.name === 'DashA Broking');
    expect(firmA?.totals.net).toBe('42');
    expect(firmA?.netProfitLoss).toBe('42');
    // firm A: buys with ₹10 each, the values on D (the prices' day, not today) less the estimated
    // ₹10 each, the dividends
    const flowsA: Array<[string, number]> = [
      ['2024-06-03', -1010],
      ['2024-06-03', -250],
      ['2024-07-01', 20],
      ['2024-07-01', 22],
      [D, 1090],
      [D, 170],
    ];
    expectRoot(flowsA, firmA?.xirr);
    expectRoot([...flowsA, ['2023-01-02', -1000], ['2024-01-02', 1100]], dashboard.xirr);
    expect(dashboard.firms.map((f) => f.brokerageFirm.name)).toEqual(['DashA Broking', 'DashB Broking']);
  });

  it('allocation, movers and today’s lists', () => {
    // 1100 of 1280 in Software (85.9375 %), 180 unclassified (14.0625 %)
    expect(dashboard.allocationByIndustry).toEqual([
      { name: 'Software', value: '1100', percent: '85.94' },
      { name: 'Unclassified', value: '180', percent: '14.06' },
    ]);
    expect(dashboard.allocationByFirm).toEqual([{ name: 'DashA Broking', value: '1280', percent: '100.00' }]);
    expect(dashboard.gainers).toEqual([
      {
        symbol: 'WATCHA',
        companyName: 'Watch A Industries Limited',
        closePrice: '110',
        changePerDay: '7.00',
        changePercent: '6.80',
        quantity: 10,
        valueChange: '70',
      },
    ]);
    expect(dashboard.losers.map((m) => [m.symbol, m.changePercent, m.valueChange])).toEqual([
      ['WATCHB', '-4.26', '-8'],
    ]);
    expect(dashboard.inTodaysLists.map((s) => [s.headline, s.held, s.watched])).toEqual([
      // six trading days loaded: the longest lists read as those days, not as 52 weeks (docs/product/market.md#short-history)
      ['WATCHA: new high of the 6 trading days loaded', true, false],
      ['WATCHB: new low of the 6 trading days loaded', true, true],
      ['WATCHC: new 1-week high', false, true],
    ]);
    // WATCHC: 160 against 153 the day before: 4.58 %
    expect(dashboard.inTodaysLists[2]).toMatchObject({ closePrice: '160', changePercent: '4.58' });
  });

  it('the alerts are those of the alerts call', async () => {
    const alerts = (await api.request<PortfolioAlertDto[]>('GET', '/user/portfolio/alerts', { token: investor })).body;
    expect(dashboard.alerts).toEqual(alerts);
    expect(alerts.map((alert) => alert.kind)).toContain('CONCENTRATION');
  });

  it('an investor without holdings gets empty figures, not someone else’s', async () => {
    const empty = (await api.request<DashboardDto>('GET', '/user/dashboard', { token: other })).body;
    expect(empty).toMatchObject({
      openHoldings: 0,
      priceDate: null,
      dividends: '0',
      netProfitLoss: '0',
      dayChange: null,
      xirr: null,
      firms: [],
      gainers: [],
      inTodaysLists: [],
      alerts: [],
    });
    expect(empty.totals.holdings).toBe(0);
    expect((await api.request('GET', '/user/dashboard')).status).toBe(401);
  });

  it('answers 304 to its ETag until something it reads is written (the watch list, a company)', async () => {
    const first = await api.request<DashboardDto>('GET', '/user/dashboard', { token: investor });
    const tag = first.headers.get('etag') as string;
    expect(tag).toMatch(/^".+"$/);
    expect(first.body).toEqual(dashboard);
    const again = await api.request('GET', '/user/dashboard', { token: investor, headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // another investor's tag is not the investor's
    const theirs = await api.request('GET', '/user/dashboard', { token: other, headers: { 'if-none-match': tag } });
    expect(theirs.status).toBe(200);

    // watching WATCHA (in today's lists) changes the answer and the tag
    await api.request('POST', '/user/watchlist', { token: investor, json: { symbol: 'WATCHA' } });
    const watched = await api.request<DashboardDto>('GET', '/user/dashboard', {
      token: investor,
      headers: { 'if-none-match': tag },
    });
    expect(watched.status).toBe(200);
    expect(watched.body.inTodaysLists.find((row) => row.symbol === 'WATCHA')?.watched).toBe(true);
    const watchedTag = watched.headers.get('etag') as string;
    expect(watchedTag).not.toBe(tag);

    // a company's industry written by hand (plain SQL) is seen by the very next request
    await api.handle.db.execute(sql`UPDATE companies SET industry = 'Computers - Software' WHERE symbol = 'WATCHA'`);
    const renamed = await api.request<DashboardDto>('GET', '/user/dashboard', {
      token: investor,
      headers: { 'if-none-match': watchedTag },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.allocationByIndustry[0]?.name).toBe('Computers - Software');
    await api.request('DELETE', '/user/watchlist/WATCHA', { token: investor });
  });

  it('staff and admins get the market snapshot; investors do not', async () => {
    const snapshot = await api.request<MarketSnapshotDto>('GET', '/staff/market-snapshot', { token: staff });
    expect(snapshot.status).toBe(200);
    // on D: WATCHA 110 (103 before) and WATCHC 160 (153) up; WATCHB 45 (47) and QUIET 70 (71) down
    expect(snapshot.body).toMatchObject({ latestTradingDay: D, symbols: 4, advances: 2, declines: 2, unchanged: 0 });
    expect(snapshot.body.gainers.map((m) => [m.symbol, m.changePercent])).toEqual([
      ['WATCHA', '6.80'],
      ['WATCHC', '4.58'],
    ]);
    // −2 ÷ 47 = −4.26 %, −1 ÷ 71 = −1.41 %
    expect(snapshot.body.losers.map((m) => [m.symbol, m.changePercent])).toEqual([
      ['WATCHB', '-4.26'],
      ['QUIET', '-1.41'],
    ]);
    expect(snapshot.body.lastUploads).toEqual([]);
    expect((await api.request('GET', '/staff/market-snapshot', { token: investor })).status).toBe(403);
  });
});
