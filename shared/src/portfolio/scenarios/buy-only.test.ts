/**
 * Scenario: bought, still held. The sell side is estimated as if sold today at the current price.
 *
 * 10 shares bought at ₹100 on 2025-03-10 (value ₹1,000); current price ₹110 (value ₹1,100).
 * Rules (Zerodha, Equity, NSE, from 2024-01-01, BOTH sides): Brokerage ₹20 flat; STT 0.1 %.
 *   buy:  Brokerage 20 + STT 0.1 % × 1000 = 1     → 21
 *   sell: Brokerage 20 + STT 0.1 % × 1100 = 1.1   → 21.1 (estimated)
 *   charges 42.1; gross (110 − 100) × 10 = 100; net 100 − 42.1 = 57.9
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, type ChargeRule } from '../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [rule(1, 'Brokerage', 'BOTH', '20', '0'), rule(2, 'STT', 'BOTH', '0', '0.1')];
const held = position({ quantity: 10, price: '100', creationDate: '2025-03-10', currentPrice: '110' });

describe('buy only (an open holding)', () => {
  const pnl = computeProfitLoss(held, rules, TODAY);

  it('is unrealized, valued at the current price', () => {
    expect(pnl.status).toBe('UNREALIZED');
    expect(pnl.invested).toBe('1000');
    expect(pnl.marketValue).toBe('1100');
    expect(pnl.gross).toBe('100');
  });

  it('charges the buy and an estimated sell today', () => {
    expect(pnl.buyCharges).toBe('21');
    expect(pnl.sellCharges).toBe('21.1');
    expect(pnl.charges).toBe('42.1');
    expect(pnl.sellChargesEstimated).toBe(true);
    expect(pnl.net).toBe('57.9');
  });

  it('breaks the charges down per charge type', () => {
    expect(pnl.breakdown).toEqual([
      { chargeTypeId: 1, chargeTypeName: 'Brokerage', buy: '20', sell: '20', total: '40' },
      { chargeTypeId: 2, chargeTypeName: 'STT', buy: '1', sell: '1.1', total: '2.1' },
    ]);
  });

  it('leaves charge types that cost nothing out of the breakdown', () => {
    // a free brokerage rule (₹0 + 0 %) is in force but adds no line; STT stays: 1 + 1.1 = 2.1
    const free: ChargeRule[] = [{ ...(rules[0] as ChargeRule), amount: '0' }, rules[1] as ChargeRule];
    const priced = computeProfitLoss(held, free, TODAY);
    expect(priced.breakdown.map((line) => line.chargeTypeName)).toEqual(['STT']);
    expect(priced.charges).toBe('2.1');
  });

  it('without a current price has no gross or net, only the buy charges', () => {
    const unpriced = computeProfitLoss({ ...held, currentPrice: null }, rules, TODAY);
    expect(unpriced.gross).toBeNull();
    expect(unpriced.net).toBeNull();
    expect(unpriced.marketValue).toBeNull();
    expect(unpriced.charges).toBe('21');
    expect(unpriced.sellChargesEstimated).toBe(false);
  });
});
