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

const BASE = { brokerageFirmId: 1, segmentId: 10, exchange: 'NSE', effectiveDate: '2024-01-01' } as const;
const rules: ChargeRule[] = [
  { ...BASE, id: 1, chargeTypeId: 1, chargeTypeName: 'Brokerage', onBuySell: 'BOTH', amount: '20', percentage: '0' },
  { ...BASE, id: 2, chargeTypeId: 2, chargeTypeName: 'STT', onBuySell: 'SELL', amount: '0', percentage: '0.1' },
  { ...BASE, id: 3, chargeTypeId: 4, chargeTypeName: 'Stamp duty', onBuySell: 'BUY', amount: '0', percentage: '0.015' },
];
const position = {
  brokerageFirmId: 1,
  segmentId: 10,
  exchange: 'NSE',
  quantity: 10,
  price: '1000',
  creationDate: '2025-01-10',
  sellPrice: '1100',
  sellingDate: '2025-02-10',
};

describe('BUY-only, SELL-only and BOTH charges', () => {
  it('charges each side only what applies to it', () => {
    const pnl = computeProfitLoss(position, rules, '2025-03-20');
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
    const withSellOverride: ChargeRule[] = [
      ...rules,
      {
        ...BASE,
        id: 4,
        chargeTypeId: 1,
        chargeTypeName: 'Brokerage',
        onBuySell: 'SELL',
        amount: '25',
        percentage: '0',
      },
    ];
    const pnl = computeProfitLoss(position, withSellOverride, '2025-03-20');
    expect(pnl.buyCharges).toBe('21.5');
    expect(pnl.sellCharges).toBe('36');
    expect(pnl.charges).toBe('57.5');
    const sellRules = applicableCharges(withSellOverride, {
      ...BASE,
      side: 'SELL',
      date: '2025-02-10',
      price: '1100',
      quantity: 10,
    });
    expect(sellRules.map((rule) => rule.id)).toEqual([4, 2]);
  });
});
