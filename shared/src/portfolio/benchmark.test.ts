/** The portfolio against an index, worked by hand (docs/product/home.md#against-the-market). */
import { describe, expect, it } from 'vitest';
import { betaAndCorrelation, indexReturn, publicMarketEquivalent, timeWeightedReturn } from './benchmark.js';

const closes = [
  { date: '2019-01-02', close: '100' },
  { date: '2019-06-03', close: '125' },
  { date: '2019-12-31', close: '110' },
];

describe('public-market equivalent', () => {
  it('buys units with money in, sells them with money out, values the rest at D', () => {
    // −10,000 on 2-Jan (100 units at 100); +2,000 on 3-Jun (16 units at 125): 84 left, at 110 on 31-Dec = 9,240
    const pme = publicMarketEquivalent(
      [
        { date: '2019-01-02', amount: -10_000 },
        { date: '2019-06-03', amount: 2_000 },
      ],
      closes,
      '2019-12-31',
    );
    expect(pme?.units).toBeCloseTo(84, 10);
    expect(pme?.terminalValue).toBeCloseTo(9_240, 8);
    expect(pme?.flows.at(-1)?.date).toBe('2019-12-31');
  });

  it('reads the index on a day without a close as its latest close before it, and has no value before the first', () => {
    // a Sunday: the Friday's (here the 2-Jan close, the latest on or before 5-Jan)
    expect(publicMarketEquivalent([{ date: '2019-01-05', amount: -1_000 }], closes, '2019-12-31')?.units).toBe(10);
    expect(publicMarketEquivalent([{ date: '2018-12-31', amount: -1_000 }], closes, '2019-12-31')).toBeNull();
  });
});

describe('time-weighted return', () => {
  it('chains the days, a deposit in the middle changing nothing but the base', () => {
    // in 1,000 → 1,010; → 1,030; in 500 → 1,550: (1,030 ÷ 1,000) × (1,550 ÷ 1,530) − 1 = 4.3464 %
    const twr = timeWeightedReturn([
      { date: 'd1', value: 1_010, contributions: 1_000, withdrawals: 0 },
      { date: 'd2', value: 1_030, contributions: 0, withdrawals: 0 },
      { date: 'd3', value: 1_550, contributions: 500, withdrawals: 0 },
    ]);
    expect(twr).toBeCloseTo((1_030 / 1_000) * (1_550 / 1_530) - 1, 12);
    expect(twr).toBeCloseTo(0.043464, 6);
  });

  it('counts money taken out at the end of its day, and answers null when nothing was ever invested', () => {
    // 2,000 → 2,100, then 1,000 taken out and 1,150 left: (2,100 ÷ 2,000) × (2,150 ÷ 2,100) − 1 = 7.5 %
    const twr = timeWeightedReturn(
      [
        { date: 'd1', value: 2_100, contributions: 0, withdrawals: 0 },
        { date: 'd2', value: 1_150, contributions: 0, withdrawals: 1_000 },
      ],
      2_000,
    );
    expect(twr).toBeCloseTo(0.075, 12);
    expect(timeWeightedReturn([{ date: 'd1', value: 0, contributions: 0, withdrawals: 0 }])).toBeNull();
  });

  it('an index’s return is its value at the end over its value at the start', () => {
    expect(indexReturn(closes, '2019-01-02', '2019-12-31')).toBeCloseTo(0.1, 12);
  });
});

describe('beta and correlation', () => {
  it('a stock moving twice the index, day by day, has beta 2 and correlation 1', () => {
    const index = [{ date: '2019-01-01', close: '100' }];
    const stock = [{ date: '2019-01-01', close: '50' }];
    for (let day = 1; day <= 30; day++) {
      const move = (day % 3) - 1 === 0 ? 0.01 : ((day % 3) - 1) * 0.02;
      const previousIndex = Number(index.at(-1)!.close);
      const previousStock = Number(stock.at(-1)!.close);
      const date = `2019-01-${String(day + 1).padStart(2, '0')}`;
      index.push({ date, close: String(previousIndex * (1 + move)) });
      stock.push({ date, close: String(previousStock * (1 + 2 * move)) });
    }
    const result = betaAndCorrelation(stock, index);
    expect(result?.beta).toBeCloseTo(2, 10);
    expect(result?.correlation).toBeCloseTo(1, 10);
    expect(result?.days).toBe(30);
    expect(betaAndCorrelation(stock.slice(0, 10), index)).toBeNull();
  });
});
