/**
 * A hand sale dated on or after a split's ex-date whose prices are not loaded yet (D earlier than
 * the ex-date) counts in the sell date's shares, as a tradebook sell does: the splits and bonuses
 * loaded up to the sale (docs/product/portfolio.md#corporate-actions). Real data: the NSE
 * bhavcopies of ../shared/data and its CF-CA-equities.csv, through the real upload routes.
 * Worked by hand:
 *
 * HDFCBANK, split ₹2 → ₹1 (factor 2) ex 19-Sep-2019; D = 18-Sep-2019 first (closes 18-Sep B, 20-Sep S).
 *   10 bought 18-Sep @ B; sold 15 on 20-Sep @ S (20 shares that day).
 *   sold part: 15 shares of 20-Sep = 7.5 of the 10 bought; invested 7.5 × B; market value 15 × S; price B ÷ 2.
 *   open rest: 5 shares of 20-Sep = 2.5 bought; shown in D's shares while D is before the ex-date
 *   (2.5 at B), in today's once 19-Sep-2019 is loaded (5 at B ÷ 2); invested 2.5 × B either way.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto, TradebookImportRejectedDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { DATA_DIR, uploadDataFile, uploadRealDaysAndActions } from '../uploads/helpers.js';
import { addHolding, createReference, sellHolding } from './helpers.js';

/** A symbol's EQ close of a bhavcopy day, read from the file. */
function close(day: string, symbol = 'HDFCBANK'): string {
  const text = fs.readFileSync(path.join(DATA_DIR, 'bhavcopy/legacy', `${day}.csv`), 'utf8');
  const line = text.split('\n').find((row) => row.startsWith(`${symbol},EQ,`));
  if (!line) throw new Error(`${symbol} is not in ${day}`);
  return new Big(line.split(',')[5] as string).toFixed();
}

const BUY = close('18SEP2019');
const SELL = close('20SEP2019');
const SPLIT = [{ exDate: '2019-09-19', kind: 'split', factor: '2' }];
/** The buy of the example as entered (a hand sale of it sends the same with what was sold). */
const BOUGHT = { symbol: 'HDFCBANK', price: BUY, quantity: 10, creationDate: '2019-09-18' };

/** The rows of a firm without what differs between two firms (ids, the firm, the segment). */
function comparable(rows: HoldingDto[]) {
  return rows.map(({ id: _id, brokerageFirm: _firm, segmentId: _segment, instrumentType: _type, ...row }) => row);
}

describe('a hand sale after an ex-date whose prices are not loaded yet (real data)', () => {
  const api = useApi();
  let staff: string;
  let investor: string;
  let hand: Awaited<ReturnType<typeof createReference>>;
  let book: Awaited<ReturnType<typeof createReference>>;

  const holdingsAt = async (firmId: number) => {
    const answer = await api.request<HoldingDto[]>('GET', '/user/holding', { token: investor });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.filter((h) => h.brokerageFirm.id === firmId);
  };

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    await uploadRealDaysAndActions(api, staff, ['18SEP2019']);
    hand = await createReference(api, staff, 'Hand');
    book = await createReference(api, staff, 'Book');
  }, 600_000);

  it('sells 15 of the 10 bought, in the sell date’s shares, before and after the ex-date’s prices', async () => {
    const held = await addHolding(api, investor, hand, BOUGHT);
    // D = 18-Sep-2019: the split is not in effect yet
    expect(held).toMatchObject({ quantity: 10, tradedQuantity: 10, price: BUY, adjustments: [] });

    /** Sells `quantity` (of 20-Sep-2019's shares) of the buy or of what is left of it, on 20-Sep-2019 at S. */
    const sellOn20Sep = (id: number, quantity: number) =>
      sellHolding(api, investor, hand, id, { ...BOUGHT, quantity, sellPrice: SELL, sellingDate: '2019-09-20' });
    const sale = await sellOn20Sep(held.id, 15);
    expect(sale.status, sale.text).toBe(200);
    const soldInvested = new Big(BUY).times('7.5');
    const soldRow = {
      status: 'REALIZED',
      quantity: 15,
      tradedQuantity: 7.5,
      tradedPrice: BUY,
      price: new Big(BUY).div(2).toFixed(),
      sellPrice: SELL,
      sellingDate: '2019-09-20',
      adjustments: SPLIT,
    };
    expect(sale.body).toMatchObject(soldRow);
    expect(sale.body.profitLoss).toMatchObject({
      invested: soldInvested.toFixed(),
      marketValue: new Big(SELL).times(15).toFixed(),
      gross: new Big(SELL).times(15).minus(soldInvested).toFixed(),
    });
    const restInvested = new Big(BUY).times('2.5').toFixed();
    expect(sale.body.remainingHolding).toMatchObject({
      status: 'UNREALIZED',
      quantity: 2.5,
      tradedQuantity: 2.5,
      price: BUY,
      adjustments: [],
    });
    expect(sale.body.remainingHolding?.profitLoss.invested).toBe(restInvested);

    // more than the sell date's 20 shares is refused
    const oversell = await sellOn20Sep(sale.body.remainingHolding!.id, 6);
    expect(oversell.status).toBe(400);
    expect(oversell.text).toContain('only 5 are held');

    // the tradebook importing the same trades gives the same rows
    const form = new FormData();
    form.set('brokerageFirm', book.firm.name);
    form.set('segment', book.segment.name);
    const file = [
      'date,symbol,side,quantity,price,exchange,trade_id',
      `2019-09-18,HDFCBANK,BUY,10,${BUY},NSE,b1`,
      `2019-09-20,HDFCBANK,SELL,15,${SELL},NSE,s1`,
    ].join('\n');
    form.set('file', new Blob([file]), 'trades.csv');
    const imported = await api.request<TradebookImportRejectedDto>('POST', '/user/holding/import?dryRun=false', {
      token: investor,
      body: form,
    });
    expect(imported.status, imported.text).toBe(200);
    const handRows = await holdingsAt(hand.firm.id);
    expect(handRows).toHaveLength(2);
    expect(comparable(await holdingsAt(book.firm.id))).toEqual(comparable(handRows));

    // D = 19-Sep-2019: the open rest is shown in today's shares; the sold part does not move
    const exDate = await uploadDataFile(api, staff, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/19SEP2019.csv');
    expect(exDate.status, exDate.text).toBeLessThan(300);
    const after = await holdingsAt(hand.firm.id);
    expect(after[0]).toMatchObject(soldRow);
    expect(after[0]?.profitLoss.invested).toBe(soldInvested.toFixed());
    expect(after[1]).toMatchObject({
      status: 'UNREALIZED',
      quantity: 5,
      tradedQuantity: 2.5,
      price: new Big(BUY).div(2).toFixed(),
      currentPrice: close('19SEP2019'),
      adjustments: SPLIT,
    });
    expect(after[1]?.profitLoss).toMatchObject({
      invested: restInvested,
      marketValue: new Big(close('19SEP2019')).times(5).toFixed(),
    });
    expect(comparable(await holdingsAt(book.firm.id))).toEqual(comparable(after));
  });
});
