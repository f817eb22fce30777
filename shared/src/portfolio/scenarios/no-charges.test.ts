/**
 * Scenario: no charges at all, or only charges of other firms and segments. Net equals gross.
 *
 * 5 shares bought at ₹2,500.40 on 2025-02-03 (₹12,502), sold at ₹2,480.15 on 2025-02-28 (₹12,400.75).
 *   gross (2480.15 − 2500.40) × 5 = −20.25 × 5 = −101.25; charges 0; net −101.25
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, holdingStatus, type ChargeRule } from '../index.js';
import { FIRM_ID, position, rule, SEGMENT_ID, TODAY } from './scenario.fixtures.js';

const sold = position({
  quantity: 5,
  price: '2500.40',
  creationDate: '2025-02-03',
  sellPrice: '2480.15',
  sellingDate: '2025-02-28',
});

describe('no charges', () => {
  it('nets nothing off the gross', () => {
    const pnl = computeProfitLoss(sold, [], TODAY);
    expect(pnl.invested).toBe('12502');
    expect(pnl.marketValue).toBe('12400.75');
    expect(pnl.gross).toBe('-101.25');
    expect(pnl.charges).toBe('0');
    expect(pnl.net).toBe('-101.25');
  });

  it('ignores the charges of another firm or segment', () => {
    const others: ChargeRule[] = [
      rule(1, 'Brokerage', 'BOTH', '20', '0', { brokerageFirmId: FIRM_ID + 1 }),
      rule(2, 'Brokerage', 'BOTH', '20', '0', { segmentId: SEGMENT_ID + 1 }),
    ];
    expect(computeProfitLoss(sold, others, TODAY).net).toBe('-101.25');
  });

  it('takes the status from the sell price: a sell price of 0 is not a sale', () => {
    expect(holdingStatus(null)).toBe('UNREALIZED');
    expect(holdingStatus('0')).toBe('UNREALIZED');
    expect(holdingStatus('0.00')).toBe('UNREALIZED');
    expect(holdingStatus('12.5')).toBe('REALIZED');
    const zeroSell = computeProfitLoss({ ...sold, sellPrice: '0', currentPrice: '2510.40' }, [], TODAY);
    // open again, valued at the current price: (2510.40 − 2500.40) × 5 = 50
    expect(zeroSell.status).toBe('UNREALIZED');
    expect(zeroSell.gross).toBe('50');
  });
});
