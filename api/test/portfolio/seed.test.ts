/**
 * Start-up data: reference data and charges always on the first start; demo holdings for the demo
 * investor only with demo data on and prices loaded (none without prices).
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { seedPortfolio } from '../../src/seed/portfolio.js';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { ensureBuiltInRoles } from '../../src/db/queries/admin/roles.js';
import { queryRows } from '../../src/db/client.js';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { insertPrices } from './helpers.js';

interface Holding {
  symbol: string;
  status: string;
  quantity: number;
  lotQuantity: number;
  price: string;
  creationDate: string;
  brokerageFirm: { name: string };
  profitLoss: { buyCharges: string };
}

/** The accounts and this area's seeder only: other areas' seeders (demo prices) stay out of it. */
async function startWithAccounts(): Promise<TestApi> {
  const api = await startTestApi({ config: { demoData: true }, seed: false });
  await ensureBuiltInRoles(api.app.db);
  await seedDemoAccounts(api.app.db, api.config.demoAccounts, api.app.log);
  return api;
}

describe('portfolio seed', () => {
  let api: TestApi | undefined;
  afterEach(async () => api?.close());

  it('seeds charges with effective dates but no holdings without prices', async () => {
    api = await startWithAccounts();
    await seedPortfolio(api.app, { firstStart: true });
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    const charges = (
      await api.request<
        Array<{
          brokerageFirm: { name: string };
          chargeType: { name: string };
          exchange: string;
          effectiveDate: string;
          percentage: string;
        }>
      >('GET', '/staff/charges', { token: staff })
    ).body;
    const nseTransaction = charges
      .filter(
        (c) =>
          c.brokerageFirm.name === 'Zerodha' &&
          c.chargeType.name === 'Exchange transaction charges' &&
          c.exchange === 'NSE',
      )
      .map((c) => [c.effectiveDate, c.percentage]);
    expect(nseTransaction).toEqual(expect.arrayContaining([['2024-10-01', '0.00297']]));
    expect(new Set(charges.map((c) => c.effectiveDate)).size).toBeGreaterThan(1);
    const investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    expect((await api.request<Holding[]>('GET', '/user/holding', { token: investor })).body).toEqual([]);
    // a restart does not seed again
    const before = charges.length;
    await seedPortfolio(api.app, { firstStart: false });
    expect((await api.request<unknown[]>('GET', '/staff/charges', { token: staff })).body.length).toBe(before);
  });

  it('buys demo holdings at real closes of the loaded prices, one partly sold', async () => {
    api = await startWithAccounts();
    // 70 weekdays of TCS and INFY before the first start; the seeder buys 60 trading days back
    const rows = [];
    for (let i = 0; i < 70; i++) {
      const date = new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 5) * 7 + (i % 5))).toISOString().slice(0, 10);
      rows.push(
        { symbol: 'TCS', date, close: String(3000 + i) },
        { symbol: 'INFY', date, close: String(1500 + i) },
        { symbol: 'RELIANCE', date, close: String(2500 + i) },
      );
    }
    await insertPrices(api, rows);
    await seedPortfolio(api.app, { firstStart: true });
    const investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const holdings = (await api.request<Holding[]>('GET', '/user/holding', { token: investor })).body;
    expect(holdings.length).toBe(4);
    const dates = await queryRows<{ trade_date: string }>(
      api.handle.db,
      sql`SELECT DISTINCT trade_date::text AS trade_date FROM stock_prices ORDER BY trade_date DESC`,
    );
    // 61st latest trading day (index 60) is the buying date, at that day's close
    const buyDate = dates[60]?.trade_date;
    expect(holdings.every((h) => h.creationDate === buyDate)).toBe(true);
    const tcs = holdings.find((h) => h.symbol === 'TCS');
    expect(tcs?.price).toBe(String(3000 + 9));
    const realized = holdings.filter((h) => h.status === 'REALIZED');
    expect(realized).toHaveLength(1);
    const rest = holdings.find((h) => h.symbol === realized[0]?.symbol && h.status === 'UNREALIZED');
    expect((realized[0]?.quantity ?? 0) + (rest?.quantity ?? 0)).toBe(realized[0]?.lotQuantity);
    // bought in 2024 at Zerodha: stamp duty etc. of the periods in force apply
    expect(Number(tcs?.profitLoss.buyCharges)).toBeGreaterThan(0);
  });
});
