/** XIRR against cases worked by hand (and the spreadsheet documentation's example). */
import { describe, expect, it } from 'vitest';
import { xirr } from './xirr.js';

describe('xirr', () => {
  it('one year, 1,000 in and 1,100 out: 10 %', () => {
    // 2023-01-01 → 2024-01-01 is 365 days: 1000 × 1.1 = 1100
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 1100 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('a leap year counts 366 days: 1.1^(365/366) − 1', () => {
    const rate = xirr([
      { date: '2024-01-01', amount: -1000 },
      { date: '2025-01-01', amount: 1100 },
    ]);
    expect(rate).toBeCloseTo(Math.pow(1.1, 365 / 366) - 1, 9);
  });

  it('two buys a year apart, one sell: 10 %', () => {
    // 1000 × 1.1² + 1000 × 1.1 = 1210 + 1100 = 2310, 2021-01-01, 2022-01-01, 2023-01-01 (365 days each)
    expect(
      xirr([
        { date: '2021-01-01', amount: -1000 },
        { date: '2022-01-01', amount: -1000 },
        { date: '2023-01-01', amount: 2310 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('flows of one date count as their sum: the same rate as one flow per date', () => {
    // the two buys a year apart of the case above, each paid in pieces (lots bought on one day), the sell in two
    const pieces = [
      { date: '2021-01-01', amount: -250 },
      { date: '2022-01-01', amount: -600 },
      { date: '2021-01-01', amount: -750 },
      { date: '2023-01-01', amount: 2000 },
      { date: '2022-01-01', amount: -400 },
      { date: '2023-01-01', amount: 310 },
    ];
    expect(xirr(pieces)).toBeCloseTo(0.1, 9);
    // a buy and a sell of the same day that cancel out leave the rest's rate, and alone no rate at all
    const cancelled = [...pieces, { date: '2022-06-01', amount: -500 }, { date: '2022-06-01', amount: 500 }];
    expect(xirr(cancelled)).toBeCloseTo(0.1, 9);
    expect(
      xirr([
        { date: '2022-06-01', amount: -500 },
        { date: '2022-06-01', amount: 500 },
        { date: '2023-06-01', amount: 0 },
      ]),
    ).toBeNull();
    // money paid in and taken out the same day, net paid in, a year before a sell: 10 % on the net
    expect(
      xirr([
        { date: '2023-01-01', amount: -1500 },
        { date: '2023-01-01', amount: 500 },
        { date: '2024-01-01', amount: 1100 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('a loss: half the money back after a year is −50 %', () => {
    expect(
      xirr([
        { date: '2023-03-01', amount: -1000 },
        { date: '2024-02-29', amount: 500 },
      ]),
    ).toBeCloseTo(-0.5, 9);
  });

  it('flows given out of order, several on one day', () => {
    // 600 + 400 paid on 2023-01-01, 1100 back in two parts on 2024-01-01: 10 %
    expect(
      xirr([
        { date: '2024-01-01', amount: 700 },
        { date: '2023-01-01', amount: -600 },
        { date: '2024-01-01', amount: 400 },
        { date: '2023-01-01', amount: -400 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('a doubling in 30 days: 2^(365/30) − 1 (far from the first guess)', () => {
    const rate = xirr([
      { date: '2024-03-01', amount: -100 },
      { date: '2024-03-31', amount: 200 },
    ]);
    expect(rate).not.toBeNull();
    expect((rate as number) / (Math.pow(2, 365 / 30) - 1)).toBeCloseTo(1, 8);
  });

  it('the spreadsheet documentation example: 37.34 %', () => {
    // Microsoft's XIRR help page: answer 0.373362535
    const rate = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(rate).toBeCloseTo(0.373362535, 8);
  });

  it('no rate without flows of both signs', () => {
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: -100 },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2023-01-01', amount: 1000 },
        { date: '2024-01-01', amount: 100 },
      ]),
    ).toBeNull();
  });

  it('no rate from a single flow, none at all, or zero amounts only', () => {
    expect(xirr([{ date: '2023-01-01', amount: -1000 }])).toBeNull();
    expect(xirr([])).toBeNull();
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 0 },
      ]),
    ).toBeNull();
  });

  it('no rate when every flow is on the same day (bought and valued today)', () => {
    expect(
      xirr([
        { date: '2024-05-02', amount: -1000 },
        { date: '2024-05-02', amount: 1100 },
      ]),
    ).toBeNull();
  });
});
