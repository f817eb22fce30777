/**
 * Scenario: BUY-only, SELL-only and BOTH charges.
 *
 * Stamp duty BUY 0.015 %; STT SELL 0.1 %; Brokerage BOTH ₹20 (all from 2024-01-01).
 * 10 shares bought at ₹1,000 on 2025-01-10 (₹10,000), sold at ₹1,100 on 2025-02-10 (₹11,000).
 *   buy:  Brokerage 20 + Stamp duty 0.015 % × 10000 = 1.5 → 21.5
 *   sell: Brokerage 20 + STT 0.1 % × 11000 = 11           → 31
 *   charges 52.5; gross (1100 − 1000) × 10 = 1000; net 947.5
 * With a SELL-only Brokerage rule of ₹25 on the same date as the BOTH rule, sells pay ₹25
 * (the rule for the side itself wins) and buys still pay ₹20: buy 21.5, sell 36, charges 57.5.
 */
import { describe, expect, it } from 'vitest';
import { applicableCharges, computeProfitLoss, type ChargeRule } from '../index.js';
import { FIRM_ID, position, rule, SEGMENT_ID, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [
  rule(1, 'Brokerage', 'BOTH', '20', '0'),
  rule(2, 'STT', 'SELL', '0', '0.1'),
  rule(3, 'Stamp duty', 'BUY', '0', '0.015'),
];
const sold = position({
  quantity: 10,
  price: '1000',
  creationDate: '2025-01-10',
  sellPrice: '1100',
  sellingDate: '2025-02-10',
});

describe('BUY-only, SELL-only and BOTH charges', () => {
  it('charges each side only what applies to it', () => {
    const pnl = computeProfitLoss(sold, rules, TODAY);
    expect(pnl.buyCharges).toBe('21.5');
    expect(pnl.sellCharges).toBe('31');
    expect(pnl.charges).toBe('52.5');
    expect(pnl.net).toBe('947.5');
    expect(pnl.breakdown).toEqual([
      { chargeTypeId: 1, chargeTypeName: 'Brokerage', buy: '20', sell: '20', total: '40' },
      // sorted by name, case-insensitively
      { chargeTypeId: 4, chargeTypeName: 'Stamp duty', buy: '1.5', sell: '0', total: '1.5' },
      { chargeTypeId: 2, chargeTypeName: 'STT', buy: '0', sell: '11', total: '11' },
    ]);
  });

  it('lets a rule for one side override a BOTH rule of the same date', () => {
    const withSellOverride: ChargeRule[] = [...rules, rule(4, 'Brokerage', 'SELL', '25', '0')];
    const pnl = computeProfitLoss(sold, withSellOverride, TODAY);
    expect(pnl.buyCharges).toBe('21.5');
    expect(pnl.sellCharges).toBe('36');
    expect(pnl.charges).toBe('57.5');
    const sellRules = applicableCharges(withSellOverride, {
      brokerageFirmId: FIRM_ID,
      segmentId: SEGMENT_ID,
      exchange: 'NSE',
      side: 'SELL',
      date: '2025-02-10',
      price: '1100',
      quantity: 10,
    });
    expect(sellRules.map((rule) => rule.id)).toEqual([4, 2]);
  });
});
