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

const BASE = {
  brokerageFirmId: 1,
  segmentId: 10,
  exchange: 'NSE',
  effectiveDate: '2024-01-01',
  onBuySell: 'BOTH',
} as const;
const rules: ChargeRule[] = [
  { ...BASE, id: 1, chargeTypeId: 1, chargeTypeName: 'Brokerage', amount: '20', percentage: '0' },
  { ...BASE, id: 2, chargeTypeId: 2, chargeTypeName: 'STT', amount: '0', percentage: '0.1' },
];
const position = {
  brokerageFirmId: 1,
  segmentId: 10,
  quantity: 10,
  price: '100',
  creationDate: '2025-01-10',
  currentPrice: '105',
};

describe('a BSE holding where only NSE charges exist', () => {
  it('pays no charges', () => {
    const pnl = computeProfitLoss({ ...position, exchange: 'BSE' }, rules, '2025-03-20');
    expect(pnl.charges).toBe('0');
    expect(pnl.breakdown).toEqual([]);
    expect(pnl.gross).toBe('50');
    expect(pnl.net).toBe('50');
  });

  it('would pay the NSE charges on NSE', () => {
    const pnl = computeProfitLoss({ ...position, exchange: 'NSE' }, rules, '2025-03-20');
    expect(pnl.charges).toBe('42.05');
    expect(pnl.net).toBe('7.95');
  });
});
