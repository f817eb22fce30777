/**
 * Scenario: the brokerage rate changes between the buy and the sell; each trade uses the rule in
 * force on its own date (the latest effective date on or before it). A rule effective after both
 * trades plays no part.
 *
 * 10 shares bought at ₹200 on 2024-12-15 (₹2,000), sold at ₹210 on 2025-01-15 (₹2,100).
 * Brokerage (BOTH): ₹20 from 2024-04-01; ₹15 from 2025-01-01; ₹0 from 2025-06-01.
 * STT (BOTH): 0.1 % from 2024-04-01.
 *   buy  (2024-12-15 → ₹20 rule): 20 + 0.1 % × 2000 = 2   → 22
 *   sell (2025-01-15 → ₹15 rule): 15 + 0.1 % × 2100 = 2.1 → 17.1
 *   charges 39.1; gross (210 − 200) × 10 = 100; net 60.9
 * Sold on 2025-01-01 itself, the ₹15 rule already applies (on or before): sell 17.1 again.
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, type ChargeRule } from '../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [
  rule(1, 'Brokerage', 'BOTH', '20', '0', { effectiveDate: '2024-04-01' }),
  rule(2, 'Brokerage', 'BOTH', '15', '0', { effectiveDate: '2025-01-01' }),
  rule(3, 'Brokerage', 'BOTH', '0', '0', { effectiveDate: '2025-06-01' }),
  rule(4, 'STT', 'BOTH', '0', '0.1', { effectiveDate: '2024-04-01' }),
];
const bought = { quantity: 10, price: '200', creationDate: '2024-12-15', sellPrice: '210' };

describe('a charge whose effective date changes between buy and sell', () => {
  it('charges each trade by the rule in force on its date', () => {
    const pnl = computeProfitLoss(position({ ...bought, sellingDate: '2025-01-15' }), rules, TODAY);
    expect(pnl.buyCharges).toBe('22');
    expect(pnl.sellCharges).toBe('17.1');
    expect(pnl.charges).toBe('39.1');
    expect(pnl.gross).toBe('100');
    expect(pnl.net).toBe('60.9');
    expect(pnl.breakdown.find((line) => line.chargeTypeName === 'Brokerage')).toMatchObject({
      buy: '20',
      sell: '15',
      total: '35',
    });
  });

  it('applies a rule from its effective date itself', () => {
    const pnl = computeProfitLoss(position({ ...bought, sellingDate: '2025-01-01' }), rules, TODAY);
    expect(pnl.sellCharges).toBe('17.1');
  });

  it('charges nothing for a type whose first rule starts after the trade', () => {
    const early = computeProfitLoss(
      position({ ...bought, creationDate: '2024-03-01', sellingDate: '2024-03-05' }),
      rules,
      TODAY,
    );
    expect(early.charges).toBe('0');
    expect(early.breakdown).toEqual([]);
  });
});
