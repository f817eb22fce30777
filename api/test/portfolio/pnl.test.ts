/**
 * P&L net of charges through the REST API: the eight scenarios of issue 5, each on its own firm
 * and segment so their charges do not mix. Expected values are worked by hand in the comments
 * (the same cases as shared/src/portfolio/scenarios, now end to end through the database).
 * Open holdings are charged for an estimated sale today; every rule here starts before 2025-01-01
 * or on a fixed date, so "today" never changes the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { addCharge, createReference, holdingPayload, insertPrices, type HoldingBody, type Named } from './helpers.js';

interface ProfitLoss {
  profitLoss: string | null;
  gross: string | null;
  buyCharges: string;
  sellCharges: string;
  charges: string;
  net: string | null;
  sellChargesEstimated: boolean;
  breakdown: Array<{ chargeTypeName: string; buy: string; sell: string; total: string }>;
}
interface Holding {
  id: number;
  status: string;
  quantity: number;
  profitLoss: ProfitLoss;
  remainingHolding?: Holding | null;
}

describe('P&L net of charges through REST', () => {
  let api: TestApi;
  let staff: string;
  let investor: string;

  beforeAll(async () => {
    api = await startTestApi();
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    await insertPrices(api, [
      { symbol: 'PNLA', date: '2025-01-10', close: '110' },
      { symbol: 'PNLB', date: '2025-01-10', close: '55' },
      { symbol: 'PNLC', date: '2025-01-10', close: '105' },
      { symbol: 'PNLD', date: '2025-03-03', close: '1300.25' },
    ]);
  });
  afterAll(async () => api.close());

  async function scenario(prefix: string, typeNames: string[]) {
    const ref = await createReference(api, staff, prefix, typeNames);
    const type = (name: string) => ref.types[name] as Named;
    const add = async (body: HoldingBody) => {
      const result = await api.request<Holding>('POST', '/user/holding', {
        token: investor,
        json: holdingPayload(ref.firm, ref.segment, body),
      });
      expect(result.status, result.text).toBe(201);
      return result.body;
    };
    const sell = async (id: number, body: HoldingBody) => {
      const result = await api.request<Holding>('PUT', `/user/holding/${id}`, {
        token: investor,
        json: holdingPayload(ref.firm, ref.segment, body),
      });
      expect(result.status, result.text).toBe(200);
      return result.body;
    };
    const charge = (name: string, side: 'BUY' | 'SELL' | 'BOTH', amount: string, percentage: string, from: string) =>
      addCharge(api, staff, ref.firm, ref.segment, { type: type(name), side, amount, percentage, from });
    return { ref, add, sell, charge };
  }

  it('1. buy only: buy charges plus an estimated sale today', async () => {
    // 10 × ₹100 = 1000, now ₹110 = 1100. Brokerage ₹20 BOTH, STT 0.1 % BOTH.
    // buy 20 + 1 = 21; sell (estimated) 20 + 1.1 = 21.1; charges 42.1; gross 100; net 57.9
    const s = await scenario('S1', ['Brokerage', 'STT']);
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-01-01');
    await s.charge('STT', 'BOTH', '0', '0.1', '2024-01-01');
    const holding = await s.add({ symbol: 'PNLA', price: '100', quantity: 10, creationDate: '2025-01-10' });
    expect(holding.profitLoss).toMatchObject({
      gross: '100',
      buyCharges: '21',
      sellCharges: '21.1',
      charges: '42.1',
      net: '57.9',
      profitLoss: '57.9',
      sellChargesEstimated: true,
    });
  });

  it('2. buy and full sell', async () => {
    // 10 × ₹100 bought 2025-01-10, sold at ₹90 on 2025-02-10: buy 21; sell 20 + 0.9 = 20.9; charges 41.9; gross −100; net −141.9
    const s = await scenario('S2', ['Brokerage', 'STT']);
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-01-01');
    await s.charge('STT', 'BOTH', '0', '0.1', '2024-01-01');
    const holding = await s.add({ symbol: 'PNLA', price: '100', quantity: 10, creationDate: '2025-01-10' });
    const sold = await s.sell(holding.id, {
      symbol: 'PNLA',
      price: '100',
      quantity: 10,
      creationDate: '2025-01-10',
      sellPrice: '90',
      sellingDate: '2025-02-10',
    });
    expect(sold.status).toBe('REALIZED');
    expect(sold.profitLoss).toMatchObject({
      gross: '-100',
      buyCharges: '21',
      sellCharges: '20.9',
      charges: '41.9',
      net: '-141.9',
      sellChargesEstimated: false,
    });
  });

  it('3. partial sell: the buy order’s flat charge is shared, not doubled', async () => {
    // 100 × ₹50 on 2025-01-02; 40 sold at ₹60 on 2025-02-03; now ₹55. Brokerage ₹20 + 0.03 % BOTH.
    // sold 40: buy 20×0.4 + 0.6 = 8.6; sell 20 + 0.72 = 20.72; charges 29.32; gross 400; net 370.68
    // open 60: buy 20×0.6 + 0.9 = 12.9; sell 20 + 0.99 = 20.99; charges 33.89; gross 300; net 266.11
    const s = await scenario('S3', ['Brokerage']);
    await s.charge('Brokerage', 'BOTH', '20', '0.03', '2024-01-01');
    const holding = await s.add({ symbol: 'PNLB', price: '50', quantity: 100, creationDate: '2025-01-02' });
    expect(holding.profitLoss.buyCharges).toBe('21.5');
    const sold = await s.sell(holding.id, {
      symbol: 'PNLB',
      price: '50',
      quantity: 40,
      creationDate: '2025-01-02',
      sellPrice: '60',
      sellingDate: '2025-02-03',
    });
    expect(sold.profitLoss).toMatchObject({
      buyCharges: '8.6',
      sellCharges: '20.72',
      charges: '29.32',
      gross: '400',
      net: '370.68',
    });
    expect(sold.remainingHolding?.profitLoss).toMatchObject({
      buyCharges: '12.9',
      sellCharges: '20.99',
      charges: '33.89',
      gross: '300',
      net: '266.11',
    });
  });

  it('4. a charge whose effective date changes between buy and sell', async () => {
    // Brokerage ₹20 from 2024-04-01, ₹15 from 2025-01-01; STT 0.1 % from 2024-04-01.
    // 10 × ₹200 on 2024-12-15 → buy 20 + 2 = 22; sold at ₹210 on 2025-01-15 → sell 15 + 2.1 = 17.1
    // charges 39.1; gross 100; net 60.9
    const s = await scenario('S4', ['Brokerage', 'STT']);
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-04-01');
    await s.charge('Brokerage', 'BOTH', '15', '0', '2025-01-01');
    await s.charge('STT', 'BOTH', '0', '0.1', '2024-04-01');
    const holding = await s.add({ symbol: 'PNLA', price: '200', quantity: 10, creationDate: '2024-12-15' });
    const sold = await s.sell(holding.id, {
      symbol: 'PNLA',
      price: '200',
      quantity: 10,
      creationDate: '2024-12-15',
      sellPrice: '210',
      sellingDate: '2025-01-15',
    });
    expect(sold.profitLoss).toMatchObject({
      buyCharges: '22',
      sellCharges: '17.1',
      charges: '39.1',
      gross: '100',
      net: '60.9',
    });
    expect(sold.profitLoss.breakdown.find((line) => line.chargeTypeName === 'S4 Brokerage')).toMatchObject({
      buy: '20',
      sell: '15',
      total: '35',
    });
  });

  it('5. flat amount plus percentage, exact to the last digit', async () => {
    // ₹5 + 0.00297 % BOTH. 250 × ₹1,234.50 = 308625 → buy 5 + 9.1661625 = 14.1661625
    // sold at ₹1,300.25 = 325062.5 → sell 5 + 9.65435625 = 14.65435625
    // charges 28.82051875; gross 65.75 × 250 = 16437.5; net 16408.67948125
    const s = await scenario('S5', ['Exchange']);
    await s.charge('Exchange', 'BOTH', '5', '0.00297', '2024-01-01');
    const holding = await s.add({ symbol: 'PNLD', price: '1234.50', quantity: 250, creationDate: '2025-01-06' });
    const sold = await s.sell(holding.id, {
      symbol: 'PNLD',
      price: '1234.50',
      quantity: 250,
      creationDate: '2025-01-06',
      sellPrice: '1300.25',
      sellingDate: '2025-03-03',
    });
    expect(sold.profitLoss).toMatchObject({
      buyCharges: '14.1661625',
      sellCharges: '14.65435625',
      charges: '28.82051875',
      gross: '16437.5',
      net: '16408.67948125',
    });
  });

  it('6. BUY-only, SELL-only and BOTH charges', async () => {
    // Stamp duty BUY 0.015 %, STT SELL 0.1 %, Brokerage BOTH ₹20. 10 × ₹1,000 → ₹1,100.
    // buy 20 + 1.5 = 21.5; sell 20 + 11 = 31; charges 52.5; gross 1000; net 947.5
    const s = await scenario('S6', ['Brokerage', 'STT', 'Stamp duty']);
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-01-01');
    await s.charge('STT', 'SELL', '0', '0.1', '2024-01-01');
    await s.charge('Stamp duty', 'BUY', '0', '0.015', '2024-01-01');
    const holding = await s.add({ symbol: 'PNLA', price: '1000', quantity: 10, creationDate: '2025-01-10' });
    const sold = await s.sell(holding.id, {
      symbol: 'PNLA',
      price: '1000',
      quantity: 10,
      creationDate: '2025-01-10',
      sellPrice: '1100',
      sellingDate: '2025-02-10',
    });
    expect(sold.profitLoss).toMatchObject({ buyCharges: '21.5', sellCharges: '31', charges: '52.5', net: '947.5' });
    expect(sold.profitLoss.breakdown.map((line) => [line.chargeTypeName, line.buy, line.sell])).toEqual([
      ['S6 Brokerage', '20', '20'],
      ['S6 Stamp duty', '1.5', '0'],
      ['S6 STT', '0', '11'],
    ]);
  });

  it('7. a BSE holding where only NSE charges exist pays none', async () => {
    // Brokerage ₹20 and STT 0.1 % on NSE only. 10 × ₹100 on BSE, now ₹105: gross 50, charges 0, net 50
    const s = await scenario('S7', ['Brokerage', 'STT']);
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-01-01');
    await s.charge('STT', 'BOTH', '0', '0.1', '2024-01-01');
    const holding = await s.add({
      symbol: 'PNLC',
      price: '100',
      quantity: 10,
      creationDate: '2025-01-10',
      exchange: 'BSE',
    });
    expect(holding.profitLoss).toMatchObject({ gross: '50', charges: '0', net: '50', breakdown: [] });
  });

  it('8. no charges: net equals gross', async () => {
    // 5 × ₹2,500.40 sold at ₹2,480.15: gross −20.25 × 5 = −101.25; charges 0; net −101.25
    const s = await scenario('S8', []);
    const holding = await s.add({ symbol: 'PNLA', price: '2500.40', quantity: 5, creationDate: '2025-02-03' });
    const sold = await s.sell(holding.id, {
      symbol: 'PNLA',
      price: '2500.40',
      quantity: 5,
      creationDate: '2025-02-03',
      sellPrice: '2480.15',
      sellingDate: '2025-02-28',
    });
    expect(sold.profitLoss).toMatchObject({ gross: '-101.25', charges: '0', net: '-101.25' });
  });

  it('changes when staff add a charge', async () => {
    // 10 × ₹100, now ₹110: gross 100 and no charges; then a ₹20 BOTH brokerage: charges 40, net 60
    const s = await scenario('S9', ['Brokerage']);
    const holding = await s.add({ symbol: 'PNLA', price: '100', quantity: 10, creationDate: '2025-01-10' });
    expect(holding.profitLoss.net).toBe('100');
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-01-01');
    const [after] = (
      await api.request<Holding[]>('GET', `/user/holding/${encodeURIComponent(s.ref.segment.name)}`, {
        token: investor,
      })
    ).body;
    expect(after?.profitLoss).toMatchObject({ charges: '40', net: '60' });
  });
});
