/**
 * Splits, bonuses and dividends applied to holdings, worked by hand (HDFCBANK's real 2019 events:
 * Dividend ₹15 ex 20-Jun-2019, Special Dividend ₹5 ex 01-Aug-2019, split ₹2 → ₹1 ex 19-Sep-2019).
 */
import { describe, expect, it } from 'vitest';
import { computeProfitLoss } from './pnl.js';
import {
  adjustmentBadge,
  formatFactor,
  holdingEventEffects,
  takesPart,
  tradeAsEntered,
  type HoldingEvent,
} from './holding-events.js';

const HDFCBANK: HoldingEvent[] = [
  { exDate: '2019-09-19', kind: 'split', factor: '2', amount: null },
  { exDate: '2019-06-20', kind: 'dividend', factor: null, amount: '15' },
  { exDate: '2019-08-01', kind: 'dividend', factor: null, amount: '5' },
];
const D = '2020-03-31';

describe('holdingEventEffects', () => {
  it('a holding bought before every event and held to D: twice the shares, both dividends on the shares then', () => {
    const effects = holdingEventEffects({ creationDate: '2019-06-03', quantity: 10 }, HDFCBANK, D);
    expect(effects.quantity.toFixed()).toBe('20');
    expect(effects.factor.toFixed()).toBe('2');
    expect(effects.tradedQuantity.toFixed()).toBe('10');
    expect(effects.adjustments).toEqual([{ exDate: '2019-09-19', kind: 'split', factor: '2' }]);
    expect(effects.dividends).toEqual([
      { exDate: '2019-06-20', perShare: '15', shares: '10', amount: '150' },
      { exDate: '2019-08-01', perShare: '5', shares: '10', amount: '50' },
    ]);
    expect(effects.dividendTotal.toFixed()).toBe('200');
  });

  it('bought on an ex-date or sold before it: no part in it; sold on the ex-date: part of it', () => {
    expect(holdingEventEffects({ creationDate: '2019-06-20', quantity: 10 }, HDFCBANK, D).dividends).toHaveLength(1);
    const soldBefore = holdingEventEffects(
      { creationDate: '2019-06-03', quantity: 10, sellingDate: '2019-09-18' },
      HDFCBANK,
      D,
    );
    expect(soldBefore.quantity.toFixed()).toBe('10');
    expect(soldBefore.adjustments).toEqual([]);
    expect(takesPart({ creationDate: '2019-06-03', quantity: 10, sellingDate: '2019-09-19' }, '2019-09-19', D)).toBe(
      true,
    );
    // announced with a later ex-date than D: nothing yet
    expect(takesPart({ creationDate: '2019-06-03', quantity: 10 }, '2020-04-01', D)).toBe(false);
  });

  it('a row counted in the shares of a later sale: its part of the trade as entered, dividends on it', () => {
    // 10 bought, 3 of the 20 sold on 2019-10-01: the sold row holds 3 of that day's shares = 1.5 as entered
    const sold = holdingEventEffects(
      { creationDate: '2019-06-03', quantity: 3, basisDate: '2019-10-01', sellingDate: '2019-10-01' },
      HDFCBANK,
      D,
    );
    expect(sold.tradedQuantity.toFixed()).toBe('1.5');
    expect(sold.quantity.toFixed()).toBe('3');
    expect(sold.dividendTotal.toFixed()).toBe('30'); // 1.5 × 15 + 1.5 × 5
  });

  it('a bonus and a dividend on one ex-date: the dividend on the shares before the bonus; 1:2 leaves a fraction', () => {
    const effects = holdingEventEffects(
      { creationDate: '2019-01-01', quantity: 3 },
      [
        { exDate: '2019-05-01', kind: 'bonus', factor: '1.5', amount: null },
        { exDate: '2019-05-01', kind: 'dividend', factor: null, amount: '2' },
      ],
      D,
    );
    expect(effects.quantity.toFixed()).toBe('4.5');
    expect(effects.dividends[0]).toMatchObject({ shares: '3', amount: '6' });
  });
});

describe('P&L through a split', () => {
  it('is the unadjusted arithmetic: 20 × today’s price − 10 × the price paid, plus the dividends', () => {
    const effects = holdingEventEffects({ creationDate: '2019-06-03', quantity: 10 }, HDFCBANK, D);
    const pnl = computeProfitLoss(
      {
        brokerageFirmId: 1,
        segmentId: 1,
        exchange: 'NSE',
        quantity: 10,
        price: '2461.9',
        creationDate: '2019-06-03',
        currentPrice: '1000',
        factor: effects.factor.toFixed(),
        dividends: effects.dividends,
      },
      [],
      D,
    );
    expect(pnl.invested).toBe('24619');
    expect(pnl.marketValue).toBe('20000');
    expect(pnl.gross).toBe('-4619');
    expect(pnl.dividends).toBe('200');
    expect(pnl.net).toBe('-4419');
  });
});

describe('the badge and its hover', () => {
  it('reads "adjusted ×2 on 19-Sep-2019", the trade as entered on hover', () => {
    const adjustments = [{ exDate: '2019-09-19', kind: 'split' as const, factor: '2' }];
    expect(adjustmentBadge(adjustments)).toBe('adjusted ×2 on 19-Sep-2019');
    expect(adjustmentBadge([])).toBeNull();
    expect(
      adjustmentBadge([
        ...adjustments,
        { exDate: '2020-01-02', kind: 'bonus' as const, factor: '1.33333333333333333333' },
      ]),
    ).toBe('adjusted ×2.6667 on 02-Jan-2020');
    expect(formatFactor('1.25')).toBe('1.25');
    expect(tradeAsEntered({ tradedQuantity: 10, tradedPrice: '2461.9', creationDate: '2019-06-03', adjustments })).toBe(
      'As entered: 10 at ₹2,461.90 on 03-Jun-2019; ×2 split on 19-Sep-2019',
    );
  });
});
