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

const BASE = { brokerageFirmId: 1, segmentId: 10, exchange: 'NSE', effectiveDate: '2024-01-01' } as const;
const rules: ChargeRule[] = [
  { ...BASE, id: 1, chargeTypeId: 1, chargeTypeName: 'Brokerage', onBuySell: 'BOTH', amount: '20', percentage: '0' },
  { ...BASE, id: 2, chargeTypeId: 2, chargeTypeName: 'STT', onBuySell: 'BOTH', amount: '0', percentage: '0.1' },
];

describe('buy and full sell', () => {
  const pnl = computeProfitLoss(
    {
      brokerageFirmId: 1,
      segmentId: 10,
      exchange: 'NSE',
      quantity: 10,
      price: '100',
      creationDate: '2025-01-10',
      sellPrice: '90',
      sellingDate: '2025-02-10',
      currentPrice: '120',
    },
    rules,
    '2025-03-20',
  );

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
