/**
 * Scenario: one charge with both a flat amount and a percentage, on fractional prices.
 *
 * Exchange transaction charge (BOTH): ₹5 flat + 0.00297 % of the value.
 * 250 shares bought at ₹1,234.50 on 2025-01-06: value 308,625
 *   buy:  5 + 308625 × 0.00297 / 100 = 5 + 9.1661625 = 14.1661625
 * sold at ₹1,300.25 on 2025-03-03: value 325,062.5
 *   sell: 5 + 325062.5 × 0.00297 / 100 = 5 + 9.65435625 = 14.65435625
 *   charges 28.82051875; gross (1300.25 − 1234.50) × 250 = 65.75 × 250 = 16437.5
 *   net 16437.5 − 28.82051875 = 16408.67948125 (exact: nothing is rounded until display)
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, formatRupees, type ChargeRule } from '../../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [rule(1, 'Exchange transaction charges', 'BOTH', '5', '0.00297')];

describe('flat amount plus percentage', () => {
  const sold = position({
    quantity: 250,
    price: '1234.50',
    creationDate: '2025-01-06',
    sellPrice: '1300.25',
    sellingDate: '2025-03-03',
  });
  const pnl = computeProfitLoss(sold, rules, TODAY);

  it('adds the flat amount to the percentage of the value, exactly', () => {
    expect(pnl.buyCharges).toBe('14.1661625');
    expect(pnl.sellCharges).toBe('14.65435625');
    expect(pnl.charges).toBe('28.82051875');
    expect(pnl.gross).toBe('16437.5');
    expect(pnl.net).toBe('16408.67948125');
  });

  it('rounds only for display', () => {
    expect(formatRupees(pnl.net as string)).toBe('₹16,408.68');
    expect(formatRupees(pnl.charges)).toBe('₹28.82');
  });
});
