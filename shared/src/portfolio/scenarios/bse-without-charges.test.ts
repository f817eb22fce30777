/**
 * Scenario: a holding on BSE where the firm only has NSE charges. Charges are per exchange, so
 * none apply: gross and net are equal.
 *
 * 10 shares bought on BSE at ₹100 on 2025-01-10; current price ₹105.
 * NSE rules exist (Brokerage ₹20 BOTH, STT 0.1 % BOTH) but none for BSE.
 *   charges 0; gross (105 − 100) × 10 = 50; net 50
 * The same holding on NSE would pay 20 + 1 (buy) + 20 + 1.05 (sell) = 42.05, net 7.95.
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, type ChargeRule } from '../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const rules: ChargeRule[] = [rule(1, 'Brokerage', 'BOTH', '20', '0'), rule(2, 'STT', 'BOTH', '0', '0.1')];
const held = { quantity: 10, price: '100', creationDate: '2025-01-10', currentPrice: '105' };

describe('a BSE holding where only NSE charges exist', () => {
  it('pays no charges', () => {
    const pnl = computeProfitLoss(position({ ...held, exchange: 'BSE' }), rules, TODAY);
    expect(pnl.charges).toBe('0');
    expect(pnl.breakdown).toEqual([]);
    expect(pnl.gross).toBe('50');
    expect(pnl.net).toBe('50');
  });

  it('would pay the NSE charges on NSE', () => {
    const pnl = computeProfitLoss(position({ ...held, exchange: 'NSE' }), rules, TODAY);
    expect(pnl.charges).toBe('42.05');
    expect(pnl.net).toBe('7.95');
  });
});
