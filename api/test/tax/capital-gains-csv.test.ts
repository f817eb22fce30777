/**
 * The capital-gains CSV adds up in a spreadsheet (docs/product/common.md#csv-exports): read back, every amount is a
 * plain number with exactly 2 decimals (no ₹, no grouping, no apostrophe before a loss) and each column adds up to
 * the sum of its rows. At a firm whose only charge is a brokerage of 0.03 % on both sides (charges to more than two
 * decimals), FY 2019-20, two short-term round trips, worked by hand:
 *   SBIN 7 @299.15 (20-May-2019) sold @310.35 (20-Nov-2019):
 *     buy value 2,094.05; buy charges 2,094.05 × 0.0003 = 0.628215; cost 2,094.678215 → 2094.68
 *     sale 2,172.45; charges 2,172.45 × 0.0003 = 0.651735 → 0.65
 *     gain 2,172.45 − 2,094.678215 − 0.651735 = 77.12005 → 77.12
 *   INFY 3 @666.65 (3-Jun-2019) sold @640.05 (2-Dec-2019):
 *     buy value 1,999.95; buy charges 0.599985; cost 2,000.549985 → 2000.55
 *     sale 1,920.15; charges 0.576045 → 0.58
 *     gain 1,920.15 − 2,000.549985 − 0.576045 = −80.97603 → -80.98
 * Column totals of the file: buy value 4,094.00; sale value 4,092.60; cost 4,095.23; transfer 1.23; gain −3.86.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { uploadDataFile } from '../uploads/helpers.js';
import { addHolding, firmWithBrokerage, sellHolding } from '../portfolio/helpers.js';

/** The cells of one CSV line of the file (its text cells hold no comma or quote here). */
const cells = (line: string) => line.split(',');

describe('the capital-gains CSV as numbers', () => {
  let api: TestApi;
  let investor: string;

  beforeAll(async () => {
    api = await startTestApi();
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK', 'equity_list/EQUITY_L.csv')).status).toBe(200);
    // a holding is of a symbol with prices: one real day of them (NSE's bhavcopy of 2-Jan-2019)
    expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/02JAN2019.csv')).status).toBe(200);
    const ref = await firmWithBrokerage(api, staff, 'Tax CSV', { amount: '0', percentage: '0.03', from: '2016-01-01' });
    const trips = [
      { symbol: 'SBIN', quantity: 7, buy: ['2019-05-20', '299.15'], sell: ['2019-11-20', '310.35'] },
      { symbol: 'INFY', quantity: 3, buy: ['2019-06-03', '666.65'], sell: ['2019-12-02', '640.05'] },
    ] as const;
    for (const trip of trips) {
      const [buyDate, buyPrice] = trip.buy;
      const [sellDate, sellPrice] = trip.sell;
      const held = await addHolding(api, investor, ref, {
        symbol: trip.symbol,
        price: buyPrice,
        quantity: trip.quantity,
        creationDate: buyDate,
      });
      const sold = await sellHolding(api, investor, ref, held.id, {
        symbol: trip.symbol,
        price: buyPrice,
        quantity: trip.quantity,
        creationDate: buyDate,
        sellPrice,
        sellingDate: sellDate,
      });
      expect(sold.status, sold.text).toBe(200);
    }
  });

  afterAll(async () => {
    await api.close();
  });

  it('writes every amount as a plain number with 2 decimals, and the columns add up', async () => {
    const csv = await api.request('GET', '/user/tax/capital-gains.csv?financialYear=2019-20', { token: investor });
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = csv.text.trim().split('\r\n').map(cells);
    expect(rows).toHaveLength(2);
    const column = (name: string) => {
      const index = header!.indexOf(name);
      expect(index, `a column "${name}"`).toBeGreaterThanOrEqual(0);
      return rows.map((row) => row[index]!);
    };
    const bySymbol = (name: string) => {
      const symbols = column('Symbol');
      const values = column(name);
      return Object.fromEntries(symbols.map((symbol, index) => [symbol, values[index]]));
    };
    expect(bySymbol('Cost of acquisition (₹)')).toEqual({ SBIN: '2094.68', INFY: '2000.55' });
    expect(bySymbol('Transfer expenses (₹)')).toEqual({ SBIN: '0.65', INFY: '0.58' });
    expect(bySymbol('Gain (₹)')).toEqual({ SBIN: '77.12', INFY: '-80.98' });
    expect(bySymbol('Quantity')).toEqual({ SBIN: '7', INFY: '3' });
    expect(bySymbol('Sell date')).toEqual({ SBIN: '2019-11-20', INFY: '2019-12-02' });

    // totals in paise, added as integers: what a spreadsheet's SUM of the column shows
    const totals: Record<string, number> = {
      'Buy value (₹)': 4094_00,
      'Sell value (₹)': 4092_60,
      'Cost of acquisition (₹)': 4095_23,
      'Transfer expenses (₹)': 1_23,
      'Gain (₹)': -3_86,
    };
    for (const [name, paise] of Object.entries(totals)) {
      const values = column(name);
      for (const value of values) {
        expect(value, name).toMatch(/^-?\d+\.\d{2}$/);
        expect(Number.isFinite(Number(value)), name).toBe(true);
      }
      expect(
        values.reduce((sum, value) => sum + Math.round(Number(value) * 100), 0),
        name,
      ).toBe(paise);
    }
  });
});
