/**
 * Tax P&L through GET /api/user/tax/capital-gains (docs/product/tax.md) on real data: the bhavcopies
 * of 30 and 31-Jan-2018 (../shared/data/nse/bhavcopy/grandfathering), NSE's corporate actions and
 * equity list, uploaded through the real upload routes. Worked by hand, FY 2019-20, fair market
 * values the HIGH of 31-Jan-2018 read from the file:
 *
 * Firm "Tax A" (Brokerage ₹20 a trade, STT 0.1 %, both sides):
 *   TCS 10 @3,200 on 1-Jun-2017, sold @3,300 on 3-Jun-2019; FMV 3,150:
 *     cost max(32,000 + 20, min(31,500, 33,000)) = 32,020 (cost above FMV); gain 33,000 − 32,020 − 20 = 960
 *     (STT, ₹32 and ₹33, counted nowhere)
 * Firm "Tax B" (no charges):
 *   INFY 10 @900 (1-Jun-2017) → @1,300; FMV 1,166.60: cost max(9,000, min(11,666, 13,000)) = 11,666 → 1,334
 *   RELIANCE 10 @800 → @900; FMV 964.50: cost max(8,000, min(9,645, 9,000)) = 9,000 → 0 (not a loss)
 *   BLUECOAST (no trade on 31-Jan: 30-Jan's high 125.40) 100 @80 (2-May-2016) → @150: cost 12,540 → 2,460
 *   HDFCBANK 10 @1,600 (2-May-2017), split ×2 ex 19-Sep-2019, 20 sold @1,250 on 2-Dec-2019:
 *     FMV 2,013.50 ÷ 2 = 1,006.75; cost max(16,000, min(20,135, 25,000)) = 20,135 → 4,865
 *   HCLTECH 10 @1,000 (15-Jan-2019), bonus 1:1 ex 5-Dec-2019, 15 sold @600 on 3-Feb-2020:
 *     the 10: long term, 6,000 − 10,000 = −4,000; 5 of the bonus lot (acquired 5-Dec-2019): short term, 3,000
 * Long term 960 + 1,334 + 0 + 2,460 + 4,865 − 4,000 = 5,619, inside the ₹1,00,000 exemption; short term
 * 3,000 at 15 %: estimated tax 450.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CapitalGainsDto } from '@bazaar/shared/contract';
import { DEMO, loginSecondInvestor, useApi } from '../setup/test-api.js';
import { DATA_DIR, sqlRows, uploadDataFile, uploadRealCorporateActions } from '../uploads/helpers.js';
import { addCharge, addHolding, createReference, sellHolding } from '../portfolio/helpers.js';

/** The HIGH of a symbol's EQ row in a bhavcopy of the grandfathering days, read from the file. */
function high(day: string, symbol: string): string {
  const text = fs.readFileSync(path.join(DATA_DIR, 'bhavcopy/grandfathering', `${day}.csv`), 'utf8');
  const line = text.split('\n').find((row) => row.startsWith(`${symbol},EQ,`));
  if (!line) throw new Error(`${symbol} is not in ${day}`);
  return line.split(',')[3]!;
}

type Exit = CapitalGainsDto['exits'][number];
const brief = (exit: Exit) => [
  exit.symbol,
  exit.category,
  exit.quantity,
  exit.buyDate,
  exit.fairMarketValue,
  exit.costOfAcquisition,
  exit.gain,
];

describe('tax P&L (real data, FY 2019-20)', () => {
  const api = useApi();
  let staff: string;
  let investor: string;
  let other: string;
  let a: Awaited<ReturnType<typeof createReference>>;
  let b: Awaited<ReturnType<typeof createReference>>;

  const report = (token: string, query: string) =>
    api.request<CapitalGainsDto & { message?: string }>('GET', `/user/tax/capital-gains?${query}`, { token });

  /** A holding bought and then sold by hand (a sale of part of it splits it). */
  async function roundTrip(
    ref: typeof a,
    symbol: string,
    buy: { date: string; quantity: number; price: string },
    sell: { date: string; quantity: number; price: string },
  ) {
    const held = await addHolding(api, investor, ref, {
      symbol,
      price: buy.price,
      quantity: buy.quantity,
      creationDate: buy.date,
    });
    const sold = await sellHolding(api, investor, ref, held.id, {
      symbol,
      price: buy.price,
      quantity: sell.quantity,
      creationDate: buy.date,
      sellPrice: sell.price,
      sellingDate: sell.date,
    });
    expect(sold.status, sold.text).toBe(200);
  }

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    other = await loginSecondInvestor(api, admin);
    for (const file of ['bhavcopy/grandfathering/30JAN2018.csv', 'bhavcopy/grandfathering/31JAN2018.csv'])
      expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK_PRICE', file)).status).toBe(200);
    expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK', 'equity_list/EQUITY_L.csv')).status).toBe(200);
    expect((await uploadRealCorporateActions(api, staff)).status).toBe(200);

    a = await createReference(api, staff, 'Tax A', ['Brokerage', 'STT']);
    b = await createReference(api, staff, 'Tax B');
    const stt = await api.request('PUT', `/staff/charge-types/${a.types.STT!.id}`, {
      token: staff,
      json: { name: a.types.STT!.name, stt: true },
    });
    expect(stt.status, stt.text).toBe(200);
    for (const [type, amount, percentage] of [
      [a.types.Brokerage!, '20', '0'],
      [a.types.STT!, '0', '0.1'],
    ] as const)
      await addCharge(api, staff, a.firm, a.segment, { type, side: 'BOTH', amount, percentage, from: '2016-01-01' });

    // firm, symbol, then the buy and the sale: date, quantity, price (the hand-worked cases above)
    const trips = [
      ['a', 'TCS', '2017-06-01', 10, '3200', '2019-06-03', 10, '3300'],
      ['b', 'INFY', '2017-06-01', 10, '900', '2019-06-03', 10, '1300'],
      ['b', 'RELIANCE', '2017-06-01', 10, '800', '2019-06-03', 10, '900'],
      ['b', 'BLUECOAST', '2016-05-02', 100, '80', '2019-06-03', 100, '150'],
      ['b', 'HDFCBANK', '2017-05-02', 10, '1600', '2019-12-02', 20, '1250'],
      // 15 of the 20 shares the bonus made: the rest, 5, stays open
      ['b', 'HCLTECH', '2019-01-15', 10, '1000', '2020-02-03', 15, '600'],
    ] as const;
    for (const [firm, symbol, buyDate, buyQuantity, buyPrice, sellDate, sellQuantity, sellPrice] of trips)
      await roundTrip(
        firm === 'a' ? a : b,
        symbol,
        { date: buyDate, quantity: buyQuantity, price: buyPrice },
        { date: sellDate, quantity: sellQuantity, price: sellPrice },
      );
  });

  it('reads the fair market values from the real 31-Jan-2018 file (and 30-Jan for a symbol that did not trade)', () => {
    expect([high('31JAN2018', 'TCS'), high('31JAN2018', 'INFY'), high('31JAN2018', 'RELIANCE')]).toEqual([
      '3150',
      '1166.6',
      '964.5',
    ]);
    expect([high('31JAN2018', 'HDFCBANK'), high('30JAN2018', 'BLUECOAST')]).toEqual(['2013.5', '125.4']);
  });

  it('grandfathers, splits and bonuses as worked by hand; STT counts nowhere', async () => {
    const answer = await report(investor, 'financialYear=2019-20');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ financialYear: '2019-20', from: '2019-04-01', to: '2020-03-31', warnings: [] });
    // by sale date, firm, symbol
    expect(answer.body.exits.map(brief)).toEqual([
      ['TCS', 'LONG_TERM', '10', '2017-06-01', '3150', '32020', '960'],
      ['BLUECOAST', 'LONG_TERM', '100', '2016-05-02', '125.4', '12540', '2460'],
      ['INFY', 'LONG_TERM', '10', '2017-06-01', '1166.6', '11666', '1334'],
      ['RELIANCE', 'LONG_TERM', '10', '2017-06-01', '964.5', '9000', '0'],
      ['HDFCBANK', 'LONG_TERM', '20', '2017-05-02', '1006.75', '20135', '4865'],
      ['HCLTECH', 'LONG_TERM', '10', '2019-01-15', null, '10000', '-4000'],
      ['HCLTECH', 'SHORT_TERM', '5', '2019-12-05', null, '0', '3000'],
    ]);
    const tcs = answer.body.exits.find((exit) => exit.symbol === 'TCS')!;
    expect(tcs).toMatchObject({ buyValue: '32000', sellValue: '33000', transferExpenses: '20', isin: 'INE467B01029' });
    expect(answer.body.exits.find((exit) => exit.category === 'SHORT_TERM')).toMatchObject({
      bonus: true,
      holdingDays: 60,
    });
    expect(answer.body.summary).toMatchObject({
      shortTermGain: '3000',
      longTermGain: '5619',
      longTermExemption: '5619',
      lossCarriedForward: '0',
      estimatedTax: '450',
    });
    expect(answer.body.yearsWithSales).toEqual(['2019-20']);
    // Before you sell: what the sales left, the real bonuses of the file being lots of their own — RELIANCE 1:1
    // ex 7-Sep-2017 and 28-Oct-2024, TCS 1:1 ex 31-May-2018, INFY 1:1 ex 4-Sep-2018 (each sale of 10 took the
    // original lot, FIFO), the 5 HCLTECH of 5-Dec-2019
    expect(answer.body.openLots.map((lot) => [lot.symbol, lot.acquired, lot.quantity, lot.bonus])).toEqual([
      ['RELIANCE', '2017-09-07', '10', true],
      ['TCS', '2018-05-31', '10', true],
      ['INFY', '2018-09-04', '10', true],
      ['HCLTECH', '2019-12-05', '5', true],
      ['RELIANCE', '2024-10-28', '10', true],
    ]);
    // a bonus lot costs nothing; sold on D (the latest prices: 31-Jan-2018) it would be short term
    expect(answer.body.openLots[0]).toMatchObject({ cost: '0', categoryIfSold: 'SHORT_TERM' });
  });

  it('writes the CSV, Schedule 112A and the workbook from the same figures', async () => {
    const csv = await api.request('GET', '/user/tax/capital-gains.csv?financialYear=2019-20', { token: investor });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="capital-gains-2019-20.csv"');
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(
      'Tax A Broking,TCS,INE467B01029,Long term,10,2017-06-01,2019-06-03,32000.00,33000.00,3150.00,32020.00,20.00,960.00,732,No',
    );

    const schedule = await api.request('GET', '/user/tax/schedule-112a.csv?financialYear=2019-20', { token: investor });
    const rows = schedule.text.trim().split('\r\n');
    expect(rows[0]!.split(',').slice(0, 3)).toEqual(['ISIN', 'Name of the share', 'No. of shares']);
    // TCS: 10 shares, 3,300 each, 33,000; cost 32,020 both ways (above FMV); before 1-Feb-2018; FMV 3,150 a share, 31,500;
    // transfer 20; deductions 32,040; balance 960
    expect(rows).toContain(
      'INE467B01029,Tata Consultancy Services Limited,10,3300.00,33000.00,32020.00,32020.00,Yes,3150.00,31500.00,20.00,32040.00,960.00',
    );
    // HDFCBANK: cost without indexation the grandfathered 20,135, the actual 16,000
    expect(rows).toContain(
      'INE040A01034,HDFC Bank Limited,20,1250.00,25000.00,20135.00,16000.00,Yes,1006.75,20135.00,0.00,20135.00,4865.00',
    );
    // HCLTECH: acquired after 1-Feb-2018, no FMV
    expect(rows).toContain(
      'INE860A01027,HCL Technologies Limited,10,600.00,6000.00,10000.00,10000.00,No,,,0.00,10000.00,-4000.00',
    );
    expect(rows).toHaveLength(1 + 6);

    const book = await api.request('GET', '/user/tax/capital-gains.xlsx?financialYear=2019-20', { token: investor });
    expect(book.status).toBe(200);
    const bytes = new Uint8Array(
      await (
        await fetch(`${api.baseUrl}/api/user/tax/capital-gains.xlsx?financialYear=2019-20`, {
          headers: { authorization: `Bearer ${investor}` },
        })
      ).arrayBuffer(),
    );
    const workbook = XLSX.read(bytes, { type: 'array' });
    expect(workbook.SheetNames).toEqual(['Tradewise exits', 'Summary', 'Charges', 'Schedule 112A']);
    const exits = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets['Tradewise exits']!);
    expect(exits).toHaveLength(7);
    // amounts are numbers a spreadsheet adds up
    const gains = exits.map((row) => row['Gain (₹)']);
    expect(gains.every((gain) => typeof gain === 'number')).toBe(true);
    expect((gains as number[]).reduce((sum, gain) => sum + gain, 0)).toBe(8619);
  });

  it('narrows to one firm, answers an empty year as an empty report, and keeps each investor to their own', async () => {
    const firmA = await report(investor, `financialYear=2019-20&brokerageFirm=${a.firm.id}`);
    expect(firmA.body.exits.map((exit) => exit.symbol)).toEqual(['TCS']);
    const empty = await report(investor, 'financialYear=2021-22');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ exits: [], summary: { estimatedTax: '0', longTermGain: '0' } });
    const others = await report(other, 'financialYear=2019-20');
    expect(others.body.exits).toEqual([]);
    expect(others.body.openLots).toEqual([]);
    // a firm the caller holds nothing at
    const foreign = await report(other, `financialYear=2019-20&brokerageFirm=${a.firm.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`You have no holdings at brokerage firm ${a.firm.id}`);
  });

  it('refuses a malformed year and a missing one with a message', async () => {
    const cases: Array<[string, string]> = [
      [
        'financialYear=2019-21',
        "financialYear '2019-21' is not a financial year: write it as 2024-25 (1 April 2024 to 31 March 2025)",
      ],
      [
        'financialYear=2019',
        "financialYear '2019' is not a financial year: write it as 2024-25 (1 April 2024 to 31 March 2025)",
      ],
      ['', 'financialYear is required: write it as 2024-25'],
      ['financialYear=2019-20&brokerageFirm=x', 'brokerageFirm must be a firm’s id'],
    ];
    for (const [query, message] of cases) {
      const answer = await report(investor, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
    expect((await api.request('GET', '/user/tax/capital-gains?financialYear=2019-20')).status).toBe(401);
  });

  it('warns and uses the actual cost when 31-Jan-2018 is not loaded', async () => {
    await sqlRows(api.handle, "DELETE FROM stock_prices WHERE trade_date = '2018-01-31'");
    const answer = await report(investor, 'financialYear=2019-20');
    expect(answer.body.exits.find((exit) => exit.symbol === 'INFY')).toMatchObject({
      fairMarketValue: null,
      costOfAcquisition: '9000',
      gain: '4000',
    });
    expect(answer.body.warnings).toContain(
      'INFY: a long-term sale of shares bought before 1-Feb-2018 need the prices of 31-Jan-2018, which are not loaded: their actual cost is used (ask staff to upload the bhavcopy of 31-Jan-2018)',
    );
  });
});
