/**
 * Holdings follow the corporate actions (docs/product/portfolio.md#corporate-actions), on real
 * data: NSE bhavcopies of ../shared/data and its CF-CA-equities.csv, uploaded through the real
 * upload routes. HDFCBANK: Dividend ₹15 ex 20-Jun-2019, Special Dividend ₹5 ex 01-Aug-2019, split
 * ₹2 → ₹1 ex 19-Sep-2019. Expected figures are computed here from the bhavcopy files themselves.
 *
 * Two apps load the same files in opposite orders (prices then actions; actions then prices):
 * their holdings answers are identical.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto, PortfolioSummaryDto } from '@bazaar/shared/contract';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { DATA_DIR, uploadDataFile } from '../uploads/helpers.js';
import { addHolding, createReference, sellHolding } from './helpers.js';

const FIRST_DAYS = ['03JUN2019', '18SEP2019', '19SEP2019'];
const LAST_DAYS = ['30MAR2020', '31MAR2020'];
const ACTIONS = 'corporate_actions/CF-CA-equities.csv';

/** HDFCBANK's EQ close of a bhavcopy day, read from the file. */
function close(day: string, symbol = 'HDFCBANK'): string {
  const text = fs.readFileSync(path.join(DATA_DIR, 'bhavcopy/legacy', `${day}.csv`), 'utf8');
  const line = text.split('\n').find((row) => row.startsWith(`${symbol},EQ,`));
  if (!line) throw new Error(`${symbol} is not in ${day}`);
  return new Big(line.split(',')[5] as string).toFixed();
}

async function uploadPrices(api: TestApi, staff: string, days: string[]) {
  for (const day of days) {
    const answer = await uploadDataFile(api, staff, 'UPLOAD_STOCK_PRICE', `bhavcopy/legacy/${day}.csv`);
    expect(answer.status, answer.text).toBeLessThan(300);
  }
}

async function uploadActions(api: TestApi, staff: string) {
  const answer = await uploadDataFile(api, staff, 'UPLOAD_CORPORATE_ACTIONS', ACTIONS);
  expect(answer.status, answer.text).toBeLessThan(300);
}

async function holdingsOf(api: TestApi, token: string): Promise<HoldingDto[]> {
  const answer = await api.request<HoldingDto[]>('GET', '/user/holding', { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** A holdings answer without what differs between two databases (ids). */
function comparable(rows: HoldingDto[]) {
  return rows.map(({ id: _id, brokerageFirm: { id: _firm, ...firm }, segmentId: _segment, ...row }) => ({
    ...row,
    firm,
  }));
}

const BUY = close('03JUN2019');
/** The investor's two buys as entered: 10 shares before the dividends and the split, 4 on the split's ex-date. */
const FIRST_BUY = { symbol: 'HDFCBANK', price: BUY, quantity: 10, creationDate: '2019-06-03' };
const EX_DATE_BUY = { symbol: 'HDFCBANK', price: close('19SEP2019'), quantity: 4, creationDate: '2019-09-19' };

describe('holdings through HDFCBANK’s 2019 dividends and split (real data)', () => {
  let pricesFirst: TestApi;
  let actionsFirst: TestApi;
  let investor: string;
  let held: HoldingDto;

  beforeAll(async () => {
    // prices, then actions
    pricesFirst = await startTestApi();
    const staff = await pricesFirst.login(DEMO.staff.username, DEMO.staff.password);
    investor = await pricesFirst.login(DEMO.investor.username, DEMO.investor.password);
    await uploadPrices(pricesFirst, staff, FIRST_DAYS);
    const ref = await createReference(pricesFirst, staff, 'Adjust');
    held = await addHolding(pricesFirst, investor, ref, FIRST_BUY);
    // bought on the ex-date of the split: takes no part in it (nor in the earlier dividends)
    await addHolding(pricesFirst, investor, ref, EX_DATE_BUY);
    await uploadActions(pricesFirst, staff);
  }, 600_000);
  afterAll(async () => {
    await pricesFirst?.close();
    await actionsFirst?.close();
  });

  it('on the ex-date (D = 19-Sep-2019): 20 shares at half the price, the day’s change from the adjusted close', async () => {
    const [before, onExDate] = await holdingsOf(pricesFirst, investor);
    expect(before?.id).toBe(held.id);
    expect(before).toMatchObject({
      quantity: 20,
      tradedQuantity: 10,
      price: new Big(BUY).div(2).toFixed(),
      tradedPrice: BUY,
      currentPrice: close('19SEP2019'),
      // the raw close of 18-Sep-2019 in today's shares
      previousClose: new Big(close('18SEP2019')).div(2).toFixed(),
      priceChange: new Big(close('19SEP2019')).minus(new Big(close('18SEP2019')).div(2)).toFixed(),
      adjustments: [{ exDate: '2019-09-19', kind: 'split', factor: '2' }],
    });
    expect(onExDate).toMatchObject({ quantity: 4, tradedQuantity: 4, price: close('19SEP2019'), adjustments: [] });
    expect(onExDate?.profitLoss.dividendPayments).toEqual([]);
  });

  it('on D = 31-Mar-2020: both dividends on the 10 shares then, P&L the unadjusted arithmetic', async () => {
    const staff = await pricesFirst.login(DEMO.staff.username, DEMO.staff.password);
    await uploadPrices(pricesFirst, staff, LAST_DAYS);
    const [holding] = await holdingsOf(pricesFirst, investor);
    const now = close('31MAR2020');
    const invested = new Big(BUY).times(10);
    const value = new Big(now).times(20);
    expect(holding).toMatchObject({
      quantity: 20,
      tradedQuantity: 10,
      price: new Big(BUY).div(2).toFixed(),
      tradedPrice: BUY,
      currentPrice: now,
      priceDate: '2020-03-31',
      previousClose: close('30MAR2020'),
      adjustments: [{ exDate: '2019-09-19', kind: 'split', factor: '2' }],
    });
    expect(holding?.profitLoss).toMatchObject({
      invested: invested.toFixed(),
      marketValue: value.toFixed(),
      gross: value.minus(invested).toFixed(),
      charges: '0',
      dividends: '200',
      dividendPayments: [
        { exDate: '2019-06-20', perShare: '15', shares: '10', amount: '150' },
        { exDate: '2019-08-01', perShare: '5', shares: '10', amount: '50' },
      ],
      net: value.minus(invested).plus(200).toFixed(),
    });
    expect(holding?.profitLoss.profitLoss).toBe(holding?.profitLoss.net);

    const summary = await pricesFirst.request<PortfolioSummaryDto>('GET', '/user/portfolio/summary', {
      token: investor,
    });
    expect(summary.body.totals.dividends).toBe('200');
    const firm = summary.body.firms.find((f) => f.brokerageFirm.name === 'Adjust Broking');
    expect(firm?.totals.dividends).toBe('200');
    expect(firm?.segments.find((s) => s.segment.name === 'Adjust Equity')?.totals.dividends).toBe('200');
  });

  it('the same answers when the actions came before the prices', async () => {
    actionsFirst = await startTestApi();
    const staff = await actionsFirst.login(DEMO.staff.username, DEMO.staff.password);
    const token = await actionsFirst.login(DEMO.investor.username, DEMO.investor.password);
    await uploadActions(actionsFirst, staff);
    await uploadPrices(actionsFirst, staff, [...FIRST_DAYS, ...LAST_DAYS]);
    const ref = await createReference(actionsFirst, staff, 'Adjust');
    await addHolding(actionsFirst, token, ref, FIRST_BUY);
    await addHolding(actionsFirst, token, ref, EX_DATE_BUY);
    expect(comparable(await holdingsOf(actionsFirst, token))).toEqual(
      comparable(await holdingsOf(pricesFirst, investor)),
    );
  }, 600_000);

  it('sells in today’s shares: 3 of the 20, the rest 17; dividends and P&L shared in proportion', async () => {
    const now = close('31MAR2020');
    const [before] = await holdingsOf(pricesFirst, investor);
    const ref = { firm: before!.brokerageFirm, segment: { id: before!.segmentId, name: before!.instrumentType } };
    /** Sells `quantity` (of today's shares) of the first buy or of what is left of it, on D at D's close. */
    const sellOnD = (id: number, quantity: number) =>
      sellHolding(pricesFirst, investor, ref, id, {
        ...FIRST_BUY,
        quantity,
        sellPrice: now,
        sellingDate: '2020-03-31',
      });
    const sale = await sellOnD(held.id, 3);
    expect(sale.status, sale.text).toBe(200);
    expect(sale.body).toMatchObject({ status: 'REALIZED', quantity: 3, tradedQuantity: 1.5, tradedPrice: BUY });
    expect(sale.body.profitLoss).toMatchObject({
      invested: new Big(BUY).times(1.5).toFixed(),
      marketValue: new Big(now).times(3).toFixed(),
      dividends: '30',
    });
    expect(sale.body.remainingHolding).toMatchObject({ status: 'UNREALIZED', quantity: 17, tradedQuantity: 8.5 });
    expect(sale.body.remainingHolding?.profitLoss.dividends).toBe('170');
    // the two parts add up to the whole before the sale
    const gross = new Big(sale.body.profitLoss.gross!).plus(sale.body.remainingHolding!.profitLoss.gross!);
    expect(gross.toFixed()).toBe(before!.profitLoss.gross);

    // more than held today is refused, in today's shares
    const oversell = await sellOnD(sale.body.remainingHolding!.id, 18);
    expect(oversell.status).toBe(400);
    expect(oversell.text).toContain('only 17 are held');
  });
});
