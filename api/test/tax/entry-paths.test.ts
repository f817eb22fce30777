/**
 * The Tax P&L does not depend on how the trades came in (docs/product/tax.md): the same trades entered by hand,
 * imported as a Zerodha Console tradebook and imported as our trades CSV (docs/product/portfolio.md#tradebook-import)
 * give three investors the same report, on real data (the bhavcopies of 30 and 31-Jan-2018, NSE's corporate
 * actions and equity list). At one firm whose charges are percentages only (brokerage 0.05 %, STT 0.1 %), so a sale
 * that closes two lots costs the same whether entered as one trade or as two hand sales:
 *   TCS 10 @3,200 (1-Jun-2017) sold @3,300 (3-Jun-2019): grandfathered, FMV the 31-Jan-2018 high;
 *   INFY 10 @900 (1-Jun-2017) and 5 @1,000 (1-Mar-2018), 12 sold @1,300 (3-Jun-2019): the first lot whole and 2 of
 *   the second (FIFO), one grandfathered and one not;
 *   SBIN 20 @300 (20-May-2019) sold @310 (20-Nov-2019), short term.
 * The figures themselves are worked by hand in capital-gains.test.ts; here the three paths must agree to the paisa,
 * and the report must hold every trade (4 exits: TCS, INFY twice, SBIN).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CapitalGainsDto } from '@bazaar/shared/contract';
import { createInvestor, DEMO, useApi } from '../setup/test-api.js';
import { uploadDataFile, uploadRealCorporateActions } from '../uploads/helpers.js';
import { addCharge, addHolding, createReference, holdingPayload } from '../portfolio/helpers.js';

interface Trade {
  date: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  price: string;
}

const TRADES: Trade[] = [
  { date: '2017-06-01', symbol: 'TCS', side: 'BUY', quantity: 10, price: '3200' },
  { date: '2017-06-01', symbol: 'INFY', side: 'BUY', quantity: 10, price: '900' },
  { date: '2018-03-01', symbol: 'INFY', side: 'BUY', quantity: 5, price: '1000' },
  { date: '2019-05-20', symbol: 'SBIN', side: 'BUY', quantity: 20, price: '300' },
  { date: '2019-06-03', symbol: 'TCS', side: 'SELL', quantity: 10, price: '3300' },
  { date: '2019-06-03', symbol: 'INFY', side: 'SELL', quantity: 12, price: '1300' },
  { date: '2019-11-20', symbol: 'SBIN', side: 'SELL', quantity: 20, price: '310' },
];

const zerodhaCsv = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
  ...TRADES.map(
    (trade, index) =>
      `${trade.symbol},INE000000000,${trade.date},NSE,EQ,EQ,${trade.side.toLowerCase()},false,${trade.quantity}.000000,${trade.price},${7001 + index},99${7001 + index},${trade.date}T10:15:00`,
  ),
].join('\n');

const ourCsv = [
  'date,symbol,side,quantity,price,exchange,trade_id',
  ...TRADES.map((trade, index) =>
    [trade.date, trade.symbol, trade.side, trade.quantity, trade.price, 'NSE', `T${index + 1}`].join(','),
  ),
].join('\n');

describe('tax P&L whatever the way the trades came in', () => {
  const api = useApi();
  let firm: Awaited<ReturnType<typeof createReference>>;
  const tokens: Record<'hand' | 'zerodha' | 'ours', string> = { hand: '', zerodha: '', ours: '' };

  async function importFile(token: string, file: string) {
    const form = new FormData();
    form.set('brokerageFirm', firm.firm.name);
    form.set('segment', firm.segment.name);
    form.set('file', new Blob([file]), 'trades.csv');
    const answer = await api.request('POST', '/user/holding/import?dryRun=false', { token, body: form });
    expect(answer.status, answer.text).toBe(200);
  }

  /** The trades as a person enters them: each buy a holding, each sale closing the oldest lots one by one. */
  async function enterByHand(token: string) {
    const open: Array<{ id: number; symbol: string; quantity: number; price: string; date: string }> = [];
    for (const trade of TRADES) {
      if (trade.side === 'BUY') {
        const held = await addHolding(api, token, firm, {
          symbol: trade.symbol,
          price: trade.price,
          quantity: trade.quantity,
          creationDate: trade.date,
        });
        open.push({
          id: held.id,
          symbol: trade.symbol,
          quantity: trade.quantity,
          price: trade.price,
          date: trade.date,
        });
        continue;
      }
      let left = trade.quantity;
      for (const lot of open.filter((candidate) => candidate.symbol === trade.symbol && candidate.quantity > 0)) {
        if (left === 0) break;
        const sold = Math.min(left, lot.quantity);
        const answer = await api.request('PUT', `/user/holding/${lot.id}`, {
          token,
          json: holdingPayload(firm.firm, firm.segment, {
            symbol: lot.symbol,
            price: lot.price,
            quantity: sold,
            creationDate: lot.date,
            sellPrice: trade.price,
            sellingDate: trade.date,
          }),
        });
        expect(answer.status, answer.text).toBe(200);
        lot.quantity -= sold;
        left -= sold;
      }
      expect(left).toBe(0);
    }
  }

  const report = async (token: string) => {
    const answer = await api.request<CapitalGainsDto>('GET', '/user/tax/capital-gains?financialYear=2019-20', {
      token,
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    for (const file of ['bhavcopy/grandfathering/30JAN2018.csv', 'bhavcopy/grandfathering/31JAN2018.csv'])
      expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK_PRICE', file)).status).toBe(200);
    expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK', 'equity_list/EQUITY_L.csv')).status).toBe(200);
    expect((await uploadRealCorporateActions(api, staff)).status).toBe(200);
    firm = await createReference(api, staff, 'Tax Paths', ['Brokerage', 'STT']);
    const stt = await api.request('PUT', `/staff/charge-types/${firm.types.STT!.id}`, {
      token: staff,
      json: { name: firm.types.STT!.name, stt: true },
    });
    expect(stt.status, stt.text).toBe(200);
    for (const [type, percentage] of [
      [firm.types.Brokerage!, '0.05'],
      [firm.types.STT!, '0.1'],
    ] as const)
      await addCharge(api, staff, firm.firm, firm.segment, {
        type,
        side: 'BOTH',
        amount: '0',
        percentage,
        from: '2016-01-01',
      });
    for (const who of ['hand', 'zerodha', 'ours'] as const) {
      const user = {
        firstName: 'Tax',
        lastName: 'Path',
        username: `taxpath${who}`,
        email: `taxpath${who}@example.com`,
        password: 'TaxPath@123',
      };
      await createInvestor(api, admin, user);
      tokens[who] = await api.login(user.username, user.password);
    }
    await enterByHand(tokens.hand);
    await importFile(tokens.zerodha, zerodhaCsv);
    await importFile(tokens.ours, ourCsv);
  });

  it('gives the same report for trades entered by hand, a Zerodha tradebook and our trades CSV', async () => {
    const hand = await report(tokens.hand);
    // every trade is in it: TCS, INFY's two lots, SBIN
    expect(hand.exits.map((exit) => [exit.symbol, exit.quantity, exit.buyDate])).toEqual(
      expect.arrayContaining([
        ['TCS', '10', '2017-06-01'],
        ['INFY', '10', '2017-06-01'],
        ['INFY', '2', '2018-03-01'],
        ['SBIN', '20', '2019-05-20'],
      ]),
    );
    expect(hand.exits).toHaveLength(4);
    expect(await report(tokens.zerodha)).toEqual(hand);
    expect(await report(tokens.ours)).toEqual(hand);
  });
});
