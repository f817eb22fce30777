/**
 * Scenario: tradebook FIFO across a split and a bonus (docs/product/portfolio.md#corporate-actions):
 * a sell counts in the shares of its date, so the lots bought before an ex-date are counted in the
 * shares after it. Split 1:2 (factor 2) ex 2019-09-19, worked by hand:
 *
 *   2019-09-18 BUY   5 @ 2,400   → lot A (10 shares from the ex-date on)
 *   2019-09-20 SELL 10 @ 1,250   → A, all of it: 10 shares of that day are the 5 bought
 *
 * Realized gross: 10 × 1,250 − 5 × 2,400 = 12,500 − 12,000 = 500 (the unadjusted arithmetic).
 */
import { describe, expect, it } from 'vitest';
import { tradebookTrades } from './scenario.fixtures.js';
import {
  computeProfitLoss,
  holdingEventEffects,
  planTradebook,
  sharesFactor,
  type HoldingEvent,
  type OpenLot,
  type TradebookTrade,
} from '../index.js';

const SPLIT: HoldingEvent = { exDate: '2019-09-19', kind: 'split', factor: '2', amount: null };
const BONUS: HoldingEvent = { exDate: '2019-09-19', kind: 'bonus', factor: '1.5', amount: null };
const DIVIDEND: HoldingEvent = { exDate: '2019-09-19', kind: 'dividend', factor: null, amount: '5' };

const trade = tradebookTrades('HDFCBANK');

const events = (...list: HoldingEvent[]) => new Map([['HDFCBANK', list]]);

/** Gross P&L of a planned sold part, through the holdings' own rule (holding-events.ts, pnl.ts). */
function soldGross(
  lot: { creationDate: string; price: string },
  sale: { quantity: number; basisDate: string | null; sellPrice: string; sellingDate: string },
  list: HoldingEvent[],
): string | null {
  const effects = holdingEventEffects(
    {
      creationDate: lot.creationDate,
      quantity: sale.quantity,
      basisDate: sale.basisDate,
      sellingDate: sale.sellingDate,
    },
    list,
    '9999-12-31',
  );
  return computeProfitLoss(
    {
      brokerageFirmId: 1,
      segmentId: 1,
      exchange: 'NSE',
      quantity: Number(effects.tradedQuantity.toFixed()),
      price: lot.price,
      creationDate: lot.creationDate,
      sellPrice: sale.sellPrice,
      sellingDate: sale.sellingDate,
      factor: effects.factor.toFixed(),
    },
    [],
    '2020-03-31',
  ).gross;
}

describe('sharesFactor', () => {
  it('multiplies the factors between two dates of the events the lot takes part in, divides backwards', () => {
    expect(sharesFactor([SPLIT], '2019-09-18', '2019-09-18', '2019-09-20').toFixed()).toBe('2');
    expect(sharesFactor([SPLIT], '2019-09-18', '2019-09-20', '2019-09-18').toFixed()).toBe('0.5');
    // bought on the ex-date: takes no part; sold on it: already in the new shares
    expect(sharesFactor([SPLIT], '2019-09-19', '2019-09-19', '2019-09-20').toFixed()).toBe('1');
    expect(sharesFactor([SPLIT], '2019-09-18', '2019-09-18', '2019-09-19').toFixed()).toBe('2');
    expect(sharesFactor([SPLIT, DIVIDEND], '2019-01-01', '2019-01-01', '2019-09-18').toFixed()).toBe('1');
  });
});

describe('tradebook FIFO after a 1:2 split', () => {
  it('sells 10 of the day’s shares of 5 bought before the split: the lot closes, gross 500', () => {
    const plan = planTradebook(
      [],
      [trade(2, '2019-09-18', 'BUY', 5, '2400'), trade(3, '2019-09-20', 'SELL', 10, '1250')],
      undefined,
      events(SPLIT),
    );
    expect(plan.problems).toEqual([]);
    const [lot] = plan.lots;
    expect(lot).toMatchObject({ lotQuantity: 5, openQuantity: 0 });
    expect(lot!.sales).toEqual([
      { quantity: 10, basisDate: '2019-09-20', sellPrice: '1250', sellingDate: '2019-09-20', line: 3 },
    ]);
    expect(soldGross(lot!, lot!.sales[0]!, [SPLIT])).toBe('500');
  });

  it('without the split the same sell is refused (the events are what makes it right)', () => {
    const plan = planTradebook(
      [],
      [trade(2, '2019-09-18', 'BUY', 5, '2400'), trade(3, '2019-09-20', 'SELL', 10, '1250')],
    );
    expect(plan.problems).toEqual([
      { line: 3, message: 'Sell of 10 HDFCBANK on 2019-09-20: only 5 shares are held then at this firm and segment' },
    ]);
  });

  it('refuses more than the day’s shares, counting them after the split', () => {
    const plan = planTradebook(
      [],
      [trade(2, '2019-09-18', 'BUY', 5, '2400'), trade(3, '2019-09-20', 'SELL', 11, '1250')],
      undefined,
      events(SPLIT),
    );
    expect(plan.problems).toEqual([
      { line: 3, message: 'Sell of 11 HDFCBANK on 2019-09-20: only 10 shares are held then at this firm and segment' },
    ]);
  });

  it('a partial sell stores both parts in the sell date’s shares; a sell before the ex-date keeps the buy’s', () => {
    const plan = planTradebook(
      [],
      [
        trade(2, '2019-09-16', 'BUY', 5, '2400'),
        trade(3, '2019-09-18', 'SELL', 1, '2410'),
        trade(4, '2019-09-20', 'SELL', 3, '1250'),
      ],
      undefined,
      events(SPLIT),
    );
    expect(plan.problems).toEqual([]);
    const [lot] = plan.lots;
    expect(lot!.sales).toEqual([
      { quantity: 1, basisDate: null, sellPrice: '2410', sellingDate: '2019-09-18', line: 3 },
      { quantity: 3, basisDate: '2019-09-20', sellPrice: '1250', sellingDate: '2019-09-20', line: 4 },
    ]);
    // 4 left before the split are 8 after it; 3 sold leave 5 of the sell date's shares (2.5 as bought)
    expect(lot).toMatchObject({ openQuantity: 5, basisDate: '2019-09-20' });
    const rest = holdingEventEffects(
      { creationDate: '2019-09-16', quantity: 5, basisDate: '2019-09-20' },
      [SPLIT],
      '2020-03-31',
    );
    expect([rest.tradedQuantity.toFixed(), rest.quantity.toFixed()]).toEqual(['2.5', '5']);
    // 3 of the day's shares at 1,250 are 1.5 bought at 2,400: 3,750 − 3,600 = 150
    expect(soldGross(lot!, lot!.sales[1]!, [SPLIT])).toBe('150');
  });

  it('sells a stored row counted in later shares (a hand sale after the split) for a sell dated before it', () => {
    // 10 bought 2019-06-03, 3 sold by hand on 2020-03-31 after the split: 17 of that day's shares
    const stored: OpenLot = {
      id: 9,
      symbol: 'HDFCBANK',
      exchange: 'NSE',
      quantity: 17,
      lotQuantity: 10,
      price: '2461.9',
      creationDate: '2019-06-03',
      basisDate: '2020-03-31',
    };
    const plan = planTradebook([stored], [trade(2, '2019-08-01', 'SELL', 4, '2250')], undefined, events(SPLIT));
    expect(plan.problems).toEqual([]);
    const [lot] = plan.lots;
    // 4 shares of 01-Aug-2019 are 8 of 31-Mar-2020: 9 stay open, counted as before
    expect(lot).toMatchObject({ existingId: 9, openQuantity: 9, basisDate: '2020-03-31' });
    expect(lot!.sales).toEqual([
      { quantity: 4, basisDate: '2019-08-01', sellPrice: '2250', sellingDate: '2019-08-01', line: 2 },
    ]);
  });
});

describe('tradebook FIFO after a bonus 1:2 (factor 1.5) that leaves a fraction', () => {
  const buy = trade(2, '2019-09-18', 'BUY', 5, '300');

  it('selling the 7 whole shares of the 7.5 sells the row whole, as a partial sale does', () => {
    const plan = planTradebook([], [buy, trade(3, '2019-09-20', 'SELL', 7, '210')], undefined, events(BONUS));
    expect(plan.problems).toEqual([]);
    expect(plan.lots[0]).toMatchObject({ openQuantity: 0 });
    expect(plan.lots[0]!.sales).toEqual([
      { quantity: 5, basisDate: null, sellPrice: '210', sellingDate: '2019-09-20', line: 3 },
    ]);
    // the row is 7.5 shares when sold: 7.5 × 210 − 5 × 300 = 1,575 − 1,500 = 75
    expect(soldGross(plan.lots[0]!, plan.lots[0]!.sales[0]!, [BONUS])).toBe('75');
  });

  it('refuses a sell that would leave only the fraction, by line', () => {
    const plan = planTradebook([], [buy, trade(3, '2019-09-20', 'SELL', 6, '210')], undefined, events(BONUS));
    expect(plan.problems).toEqual([
      {
        line: 3,
        message:
          'Sell of 6 HDFCBANK on 2019-09-20: the lot bought on 2019-09-18 is 7.5 shares after its splits and bonuses; a sale must leave whole shares, so sell all 7 of them',
      },
    ]);
    expect(plan.lots[0]).toMatchObject({ openQuantity: 5, sales: [] });
  });
});

describe('our holdings export back after a split: the trade as entered again', () => {
  const exported = (quantity: number, price: string, sale?: { price: string; date: string }): TradebookTrade => ({
    ...trade(2, '2019-06-03', 'BUY', quantity, price),
    exported: true,
    sale,
  });

  it('an open row shown as 20 at 1,230.95 on D is the 10 bought at 2,461.90', () => {
    const plan = planTradebook([], [exported(20, '1230.95')], undefined, events(SPLIT), '2020-03-31');
    expect(plan.lots[0]).toMatchObject({ lotQuantity: 10, openQuantity: 10, price: '2461.9', basisDate: null });
  });

  it('a row sold before the ex-date is kept as it is; so is an event announced after D', () => {
    const sold = exported(10, '2461.9', { price: '2300', date: '2019-09-10' });
    expect(planTradebook([], [sold], undefined, events(SPLIT), '2020-03-31').lots[0]).toMatchObject({
      lotQuantity: 10,
      price: '2461.9',
      sales: [{ quantity: 10, basisDate: null }],
    });
    expect(planTradebook([], [exported(10, '2461.9')], undefined, events(SPLIT), '2019-09-18').lots[0]).toMatchObject({
      lotQuantity: 10,
      openQuantity: 10,
      price: '2461.9',
    });
  });

  it('a part that is not whole as entered (4 of a bonus 1:2 are 2.67 bought) keeps the export’s shares', () => {
    const sold = exported(4, '200', { price: '210', date: '2019-09-20' });
    const plan = planTradebook([], [sold], undefined, events(BONUS), '2020-03-31');
    expect(plan.lots[0]).toMatchObject({ lotQuantity: 2, price: '300' });
    expect(plan.lots[0]!.sales).toEqual([
      { quantity: 4, basisDate: '2019-09-20', sellPrice: '210', sellingDate: '2019-09-20', line: 2 },
    ]);
    // shown again as sold: 4 shares (the holdings' number of 4 ÷ 1.5 × 1.5, exact to 20 places)
    const effects = holdingEventEffects(
      { creationDate: '2019-06-03', quantity: 4, basisDate: '2019-09-20', sellingDate: '2019-09-20' },
      [BONUS],
      '2020-03-31',
    );
    expect(Number(effects.quantity.toFixed())).toBe(4);
  });
});
