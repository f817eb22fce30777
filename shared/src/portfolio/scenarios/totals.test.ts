/**
 * Scenario: totals over a realized and an open holding (no charges, then with charges).
 *
 * A: 10 bought at ₹100, sold at ₹120      → realized gross +200
 * B: 20 bought at ₹50, now ₹45             → open: invested 1000, current 900, unrealized −100
 * C: 5 bought at ₹10, no current price     → open: invested 50, no value, no P&L
 * Without charges: invested 1050; current 900; realized 200; unrealized −100; charges 0; net 100.
 * With Brokerage ₹20 flat on BOTH sides: A pays 40, B pays 40 (sell estimated), C pays 20 (buy
 * only, no price to estimate a sale): charges 100; net 200 − 100 − 100 = 0.
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss, sumPortfolio, type ChargeRule } from '../index.js';
import { position, rule, TODAY } from './scenario.fixtures.js';

const bought = { creationDate: '2025-01-10' };
const positions = [
  position({ ...bought, quantity: 10, price: '100', sellPrice: '120', sellingDate: '2025-02-10' }),
  position({ ...bought, quantity: 20, price: '50', currentPrice: '45' }),
  position({ ...bought, quantity: 5, price: '10', currentPrice: null }),
];

describe('portfolio totals', () => {
  it('adds up invested, current value, realized and unrealized P&L', () => {
    const totals = sumPortfolio(positions.map((p) => computeProfitLoss(p, [], TODAY)));
    expect(totals).toEqual({
      holdings: 3,
      invested: '1050',
      currentValue: '900',
      realized: '200',
      unrealized: '-100',
      charges: '0',
      dividends: '0',
      net: '100',
    });
  });

  it('nets every charge, estimated sells included', () => {
    const rules: ChargeRule[] = [rule(1, 'Brokerage', 'BOTH', '20', '0')];
    const totals = sumPortfolio(positions.map((p) => computeProfitLoss(p, rules, TODAY)));
    expect(totals.charges).toBe('100');
    expect(totals.net).toBe('0');
  });

  it('is all zeros for no holdings', () => {
    expect(sumPortfolio([])).toEqual({
      holdings: 0,
      invested: '0',
      currentValue: '0',
      realized: '0',
      unrealized: '0',
      charges: '0',
      dividends: '0',
      net: '0',
    });
  });
});

describe('portfolio totals with dividends', () => {
  it('adds the dividends credited to the net (realized + unrealized + dividends − charges)', () => {
    const paid = computeProfitLoss(
      {
        ...position({ ...bought, quantity: 20, price: '50', currentPrice: '45' }),
        dividends: [{ exDate: '2025-01-20', perShare: '2.5', shares: '20', amount: '50' }],
      },
      [],
      TODAY,
    );
    expect(paid.net).toBe('-50'); // −100 + 50
    const totals = sumPortfolio([paid, computeProfitLoss(positions[0]!, [], TODAY)]);
    expect(totals.dividends).toBe('50');
    expect(totals.net).toBe('150'); // 200 − 100 + 50
  });
});

describe('percentOf', () => {
  it('is change over base in percent, 2 decimals, and null without a base', async () => {
    const { percentOf } = await import('../index.js');
    // 5.3 / 905.25 × 100 = 0.58547… → 0.59; −51 / 201 × 100 = −25.373… → −25.37
    expect(percentOf('5.3', '905.25')).toBe('0.59');
    expect(percentOf('-51', '201')).toBe('-25.37');
    expect(percentOf('1', '0')).toBeNull();
    expect(percentOf(null, '10')).toBeNull();
  });
});
