/**
 * P&L net of charges through the REST API: the wiring, with one scenario. The maths (the eight
 * scenarios, worked by hand) is tested once, in shared/src/portfolio/scenarios; here the charges
 * staff write reach the holdings' answers: POST and PUT answer the P&L, a partial sale answers the
 * open rest, the breakdown names the firm's charge types, and a new charge changes the next read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto, HoldingUpdateDto } from '@bazaar/shared/contract';
import { useTestApi } from '../setup/test-api.js';
import {
  addCharge,
  addHolding,
  createReference,
  holdingPayload,
  insertPrices,
  type HoldingBody,
  type Named,
} from './helpers.js';

type Reference = Awaited<ReturnType<typeof createReference>>;

describe('P&L net of charges through REST', () => {
  const demo = useTestApi();

  beforeAll(async () => {
    await insertPrices(demo.api, [
      { symbol: 'PNLA', date: '2025-01-10', close: '110' },
      { symbol: 'PNLB', date: '2025-01-10', close: '55' },
    ]);
  });

  /** A charge of the reference's firm and segment on both sides, from 2024-01-01. */
  const bothSides = (
    ref: Reference,
    type: Named,
    amount: string,
    percentage: string,
    exchange: 'NSE' | 'BSE' = 'NSE',
  ) =>
    addCharge(demo.api, demo.staff, ref.firm, ref.segment, {
      type,
      side: 'BOTH',
      amount,
      percentage,
      from: '2024-01-01',
      exchange,
    });

  it('a partial sale: the P&L of the sold part and of the open rest, per charge type', async () => {
    // shared/src/portfolio/scenarios/partial-sell.test.ts, end to end: 100 × ₹50 on 2025-01-02;
    // 40 sold at ₹60 on 2025-02-03; now ₹55. Brokerage ₹20 + 0.03 % BOTH (and an STT rule of
    // another exchange, which costs nothing here and so has no breakdown line).
    // whole order: buy 20 + 1.5 = 21.5
    // sold 40: buy 8.6; sell 20.72; charges 29.32; gross 400; net 370.68
    // open 60: buy 12.9; sell (estimated) 20.99; charges 33.89; gross 300; net 266.11
    const ref = await createReference(demo.api, demo.staff, 'S3', ['Brokerage', 'STT']);
    await bothSides(ref, ref.types.Brokerage as Named, '20', '0.03');
    await bothSides(ref, ref.types.STT as Named, '0', '0.1', 'BSE');
    const bought: HoldingBody = { symbol: 'PNLB', price: '50', quantity: 100, creationDate: '2025-01-02' };
    const added = await addHolding(demo.api, demo.investor, ref, bought);
    expect(added.profitLoss).toMatchObject({
      status: 'UNREALIZED',
      buyCharges: '21.5',
      sellChargesEstimated: true,
    });

    const sold = await demo.api.request<HoldingUpdateDto>('PUT', `/user/holding/${added.id}`, {
      token: demo.investor,
      json: holdingPayload(ref.firm, ref.segment, {
        ...bought,
        quantity: 40,
        sellPrice: '60',
        sellingDate: '2025-02-03',
      }),
    });
    expect(sold.status, sold.text).toBe(200);
    expect(sold.body).toMatchObject({ id: added.id, status: 'REALIZED', quantity: 40, lotQuantity: 100 });
    expect(sold.body.profitLoss).toMatchObject({
      profitLoss: '370.68',
      status: 'REALIZED',
      invested: '2000',
      marketValue: '2400',
      gross: '400',
      buyCharges: '8.6',
      sellCharges: '20.72',
      charges: '29.32',
      net: '370.68',
      sellChargesEstimated: false,
    });
    expect(sold.body.profitLoss.breakdown).toEqual([
      {
        chargeTypeId: ref.types.Brokerage?.id,
        chargeTypeName: 'S3 Brokerage',
        buy: '8.6',
        sell: '20.72',
        total: '29.32',
      },
    ]);
    expect(sold.body.remainingHolding).toMatchObject({ status: 'UNREALIZED', quantity: 60, lotQuantity: 100 });
    expect(sold.body.remainingHolding?.profitLoss).toMatchObject({
      buyCharges: '12.9',
      sellCharges: '20.99',
      charges: '33.89',
      gross: '300',
      net: '266.11',
      sellChargesEstimated: true,
    });
  });

  it('changes when staff add a charge', async () => {
    // 10 × ₹100, now ₹110: gross 100 and no charges; then a ₹20 BOTH brokerage: charges 40, net 60
    const ref = await createReference(demo.api, demo.staff, 'S9', ['Brokerage']);
    const added = await addHolding(demo.api, demo.investor, ref, {
      symbol: 'PNLA',
      price: '100',
      quantity: 10,
      creationDate: '2025-01-10',
    });
    expect(added.profitLoss.net).toBe('100');
    await bothSides(ref, ref.types.Brokerage as Named, '20', '0');
    const [after] = (
      await demo.api.request<HoldingDto[]>('GET', `/user/holding/${encodeURIComponent(ref.segment.name)}`, {
        token: demo.investor,
      })
    ).body;
    expect(after?.profitLoss).toMatchObject({ charges: '40', net: '60' });
  });
});
