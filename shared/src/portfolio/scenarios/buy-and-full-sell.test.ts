/**
 * Scenario: bought and sold in full at a loss.
 *
 * 10 shares bought at ₹100 on 2025-01-10 (₹1,000), all sold at ₹90 on 2025-02-10 (₹900).
 * The current price (₹120) plays no part once the holding is sold.
 * Rules (BOTH sides, from 2024-01-01): Brokerage ₹20 flat; STT 0.1 %.
 *   buy:  20 + 0.1 % × 1000 = 21
 *   sell: 20 + 0.1 % × 900  = 20.9
 *   charges 41.9; gross (90 − 100) × 10 = −100; net −100 − 41.9 = −141.9
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, type ChargeRule } from '../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [rule(1, 'Brokerage', 'BOTH', '20', '0'), rule(2, 'STT', 'BOTH', '0', '0.1')];

describe('buy and full sell', () => {
  const sold = position({
    quantity: 10,
    price: '100',
    creationDate: '2025-01-10',
    sellPrice: '90',
    sellingDate: '2025-02-10',
    currentPrice: '120',
  });
  const pnl = computeProfitLoss(sold, rules, TODAY);

  it('is realized at the sell price', () => {
    expect(pnl.status).toBe('REALIZED');
    expect(pnl.marketValue).toBe('900');
    expect(pnl.gross).toBe('-100');
  });

  it('charges both trades, none estimated, and nets them off the loss', () => {
    expect(pnl.buyCharges).toBe('21');
    expect(pnl.sellCharges).toBe('20.9');
    expect(pnl.charges).toBe('41.9');
    expect(pnl.sellChargesEstimated).toBe(false);
    expect(pnl.net).toBe('-141.9');
  });
});
