/**
 * Scenario: part of a holding is sold; the row splits into a realized row and an open row, and
 * the buy order's flat charge is shared between them in proportion (it was paid once).
 *
 * 100 shares bought at ₹50 on 2025-01-02 (₹5,000); 40 sold at ₹60 on 2025-02-03; price now ₹55.
 * Rule (BOTH sides, from 2024-01-01): Brokerage ₹20 flat + 0.03 %.
 * Whole buy order: 20 + 0.03 % × 5000 = 21.5
 * Sold row, 40 of the 100:
 *   buy:  20 × 40/100 = 8  + 0.03 % × 2000 = 0.6  → 8.6
 *   sell: 20               + 0.03 % × 2400 = 0.72 → 20.72
 *   charges 29.32; gross (60 − 50) × 40 = 400; net 370.68
 * Open row, 60 of the 100 (sell estimated today at ₹55):
 *   buy:  20 × 60/100 = 12 + 0.03 % × 3000 = 0.9  → 12.9
 *   sell: 20               + 0.03 % × 3300 = 0.99 → 20.99
 *   charges 33.89; gross (55 − 50) × 60 = 300; net 266.11
 * The two buy shares add up to the whole order's 21.5 (8.6 + 12.9).
 */
import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { computeProfitLoss, OversellError, splitForSale, type ChargeRule } from '../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [rule(1, 'Brokerage', 'BOTH', '20', '0.03')];
const held = position({ quantity: 100, price: '50', creationDate: '2025-01-02', currentPrice: '55' });

describe('partial sell', () => {
  const split = splitForSale(held.quantity, 40);
  const sold = computeProfitLoss(
    { ...held, quantity: split.sold, lotQuantity: 100, sellPrice: '60', sellingDate: '2025-02-03' },
    rules,
    TODAY,
  );
  const open = computeProfitLoss({ ...held, quantity: split.remaining, lotQuantity: 100 }, rules, TODAY);

  it('splits 100 into 40 sold and 60 remaining', () => {
    expect(split).toEqual({ sold: 40, remaining: 60 });
  });

  it('realizes the sold part', () => {
    expect(sold.status).toBe('REALIZED');
    expect(sold.buyCharges).toBe('8.6');
    expect(sold.sellCharges).toBe('20.72');
    expect(sold.charges).toBe('29.32');
    expect(sold.gross).toBe('400');
    expect(sold.net).toBe('370.68');
  });

  it('keeps the rest open with its share of the buy order', () => {
    expect(open.status).toBe('UNREALIZED');
    expect(open.buyCharges).toBe('12.9');
    expect(open.sellCharges).toBe('20.99');
    expect(open.charges).toBe('33.89');
    expect(open.gross).toBe('300');
    expect(open.net).toBe('266.11');
  });

  it('shares the buy order charges without creating or losing any', () => {
    const whole = computeProfitLoss(held, rules, TODAY);
    expect(whole.buyCharges).toBe('21.5');
    expect(new Big(sold.buyCharges).plus(open.buyCharges).toFixed()).toBe('21.5');
  });

  it('answers the same figures without the breakdown (the dashboard asks for none)', () => {
    const soldInput = { ...held, quantity: split.sold, lotQuantity: 100, sellPrice: '60', sellingDate: '2025-02-03' };
    const openInput = { ...held, quantity: split.remaining, lotQuantity: 100 };
    const withNone = (pnl: typeof sold) => ({ ...pnl, breakdown: [] });
    expect(sold.breakdown).toHaveLength(1);
    expect(computeProfitLoss(soldInput, rules, TODAY, { breakdown: false })).toEqual(withNone(sold));
    expect(computeProfitLoss(openInput, rules, TODAY, { breakdown: false })).toEqual(withNone(open));
    expect(computeProfitLoss(soldInput, rules, TODAY, { breakdown: true })).toEqual(sold);
  });

  it('refuses to sell more than is held', () => {
    expect(() => splitForSale(100, 101)).toThrow(OversellError);
    expect(() => splitForSale(100, 101)).toThrow('You cannot sell 101 shares: only 100 are held');
    expect(splitForSale(100, 100)).toEqual({ sold: 100, remaining: 0 });
  });
});
