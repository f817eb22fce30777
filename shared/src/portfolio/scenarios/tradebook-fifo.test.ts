/**
 * Scenario: a tradebook of 3 buys and 2 partial sells, planned FIFO (oldest lot first).
 *
 *   line 2  2020-01-02 BUY  10 @ 100   → lot A
 *   line 3  2020-01-03 BUY  20 @ 110   → lot B
 *   line 4  2020-01-06 BUY  30 @ 120   → lot C
 *   line 5  2020-01-07 SELL 15 @ 130   → A 10 (all of it), B 5            B keeps 15 open
 *   line 6  2020-01-08 SELL 20 @ 125   → B 15 (the rest), C 5             C keeps 25 open
 *
 * Realized gross: A 10 × (130 − 100) = 300; B 5 × (130 − 110) = 100 and 15 × (125 − 110) = 225;
 * C 5 × (125 − 120) = 25; in all 650. Check: proceeds 15 × 130 + 20 × 125 = 4,450; FIFO cost of the
 * 35 shares 10 × 100 + 20 × 110 + 5 × 120 = 3,800; 4,450 − 3,800 = 650.
 */
import { describe, expect, it } from 'vitest';
import { tradebookTrades } from './scenario.fixtures.js';
import Big from 'big.js';
import { planTradebook } from '../index.js';

const trade = tradebookTrades('TCS');

const trades = [
  trade(2, '2020-01-02', 'BUY', 10, '100'),
  trade(3, '2020-01-03', 'BUY', 20, '110'),
  trade(4, '2020-01-06', 'BUY', 30, '120'),
  trade(5, '2020-01-07', 'SELL', 15, '130'),
  trade(6, '2020-01-08', 'SELL', 20, '125'),
];

describe('tradebook FIFO: 3 buys, 2 partial sells', () => {
  const plan = planTradebook([], trades);
  const [a, b, c] = plan.lots;

  it('closes the oldest lots first, splitting the lots partly sold', () => {
    expect(plan.problems).toEqual([]);
    expect(plan.buys).toBe(3);
    expect(plan.sells).toBe(2);
    expect(a).toMatchObject({ line: 2, lotQuantity: 10, openQuantity: 0 });
    expect(a!.sales).toEqual([{ quantity: 10, basisDate: null, sellPrice: '130', sellingDate: '2020-01-07', line: 5 }]);
    expect(b).toMatchObject({ line: 3, lotQuantity: 20, openQuantity: 0 });
    expect(b!.sales).toEqual([
      { quantity: 5, basisDate: null, sellPrice: '130', sellingDate: '2020-01-07', line: 5 },
      { quantity: 15, basisDate: null, sellPrice: '125', sellingDate: '2020-01-08', line: 6 },
    ]);
    expect(c).toMatchObject({ line: 4, lotQuantity: 30, openQuantity: 25 });
    expect(c!.sales).toEqual([{ quantity: 5, basisDate: null, sellPrice: '125', sellingDate: '2020-01-08', line: 6 }]);
  });

  it('realizes 650 of gross profit', () => {
    const gross = plan.lots
      .flatMap((lot) => lot.sales.map((sale) => new Big(sale.sellPrice).minus(lot.price).times(sale.quantity)))
      .reduce((sum, value) => sum.plus(value), new Big(0));
    expect(gross.toFixed()).toBe('650');
  });

  it('counts per symbol', () => {
    expect(plan.symbols).toEqual([{ symbol: 'TCS', buys: 3, sells: 2, boughtQuantity: 60, soldQuantity: 35 }]);
  });

  it('is the same whatever order the file lists the trades in', () => {
    expect(planTradebook([], [...trades].reverse()).lots).toEqual(plan.lots);
  });
});

describe('tradebook FIFO: refusals and stored lots', () => {
  it('refuses a sell of more than is held, by line, and closes nothing', () => {
    const plan = planTradebook(
      [],
      [trade(2, '2020-01-02', 'BUY', 10, '100'), trade(3, '2020-01-03', 'SELL', 11, '105')],
    );
    expect(plan.problems).toEqual([
      { line: 3, message: 'Sell of 11 TCS on 2020-01-03: only 10 shares are held then at this firm and segment' },
    ]);
    expect(plan.lots[0]!.sales).toEqual([]);
  });

  it('does not sell a lot bought after the sell', () => {
    const plan = planTradebook(
      [],
      [trade(2, '2020-01-03', 'SELL', 5, '105'), trade(3, '2020-01-06', 'BUY', 10, '100')],
    );
    expect(plan.problems.map((problem) => problem.line)).toEqual([2]);
  });

  it('sells a same-day buy (a day’s buys come before its sells)', () => {
    const plan = planTradebook([], [trade(2, '2020-01-03', 'SELL', 5, '105'), trade(3, '2020-01-03', 'BUY', 5, '100')]);
    expect(plan.problems).toEqual([]);
    expect(plan.lots[0]).toMatchObject({ openQuantity: 0, sales: [{ quantity: 5, sellPrice: '105' }] });
  });

  it('closes stored lots before newer buys of the file, splitting the stored lot', () => {
    const stored = {
      id: 7,
      symbol: 'TCS',
      exchange: 'NSE' as const,
      quantity: 6,
      lotQuantity: 10,
      price: '90',
      creationDate: '2019-12-02',
    };
    const plan = planTradebook(
      [stored],
      [trade(2, '2020-01-02', 'BUY', 10, '100'), trade(3, '2020-01-03', 'SELL', 8, '105')],
    );
    expect(plan.lots[0]).toMatchObject({ existingId: 7, lotQuantity: 10, openQuantity: 0, sales: [{ quantity: 6 }] });
    expect(plan.lots[1]).toMatchObject({ existingId: null, openQuantity: 8, sales: [{ quantity: 2 }] });
  });

  it('leaves untouched stored lots out of the plan', () => {
    const stored = {
      id: 1,
      symbol: 'INFY',
      exchange: 'NSE' as const,
      quantity: 5,
      lotQuantity: 5,
      price: '700',
      creationDate: '2019-12-02',
    };
    expect(planTradebook([stored], [trade(2, '2020-01-02', 'BUY', 1, '100')]).lots).toHaveLength(1);
  });

  it('refuses trades of unknown symbols', () => {
    const plan = planTradebook([], [trade(4, '2020-01-02', 'BUY', 1, '100')], () => false);
    expect(plan.problems).toEqual([{ line: 4, message: 'Unknown symbol TCS: no prices are loaded for it' }]);
    expect(plan.buys).toBe(0);
  });

  it('keeps an exported sold row as one closed lot', () => {
    const plan = planTradebook(
      [],
      [{ ...trade(2, '2020-01-02', 'BUY', 4, '100'), sale: { price: '120', date: '2020-02-03' } }],
    );
    expect(plan.lots[0]).toMatchObject({
      openQuantity: 0,
      sales: [{ quantity: 4, sellPrice: '120', sellingDate: '2020-02-03' }],
    });
    expect(plan.sells).toBe(1);
  });
});
