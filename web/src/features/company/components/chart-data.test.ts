/** The chart helpers of the analysis screens; expected values worked by hand in the comments. */
import { describe, expect, it } from 'vitest';
import {
  alignAverageToCloses,
  averageInputsProblem,
  datedPoints,
  defaultAverageSizes,
  FALLING_COLOUR,
  lineTickAmount,
  priceLabel,
  RISING_COLOUR,
  toCandlePoints,
  trendColour,
  utcMillis,
} from './chart-data';

describe('trendColour (docs/product/company.md: green when the last price exceeds the first, else red)', () => {
  it('is green for a rise, red for a fall, a flat line or too few points', () => {
    expect(trendColour(['100.00', '99.00', '100.05'])).toBe(RISING_COLOUR);
    expect(trendColour(['100.00', '101.00', '99.95'])).toBe(FALLING_COLOUR);
    expect(trendColour(['100.00', '100.0'])).toBe(FALLING_COLOUR);
    expect(trendColour(['100.00'])).toBe(FALLING_COLOUR);
    expect(trendColour([])).toBe(FALLING_COLOUR);
  });
});

describe('datedPoints', () => {
  it('pairs each day (UTC midnight) with its value; a missing value is a gap', () => {
    // 2 January 2024 00:00 UTC = 1,704,153,600,000 ms
    expect(datedPoints(['2024-01-02', '2024-01-03'], [10.5, null])).toEqual([
      { x: 1_704_153_600_000, y: 10.5 },
      { x: 1_704_240_000_000, y: null },
    ]);
    expect(datedPoints(['2024-01-02'], [])).toEqual([{ x: 1_704_153_600_000, y: null }]);
  });
});

describe('lineTickAmount (at most 8 x ticks on desktop, 4 on mobile)', () => {
  it('caps the ticks and never asks for more intervals than the points have', () => {
    expect(lineTickAmount(250, false)).toBe(8);
    expect(lineTickAmount(250, true)).toBe(4);
    // 5 points have 4 intervals
    expect(lineTickAmount(5, false)).toBe(4);
    expect(lineTickAmount(1, false)).toBe(1);
  });
});

describe('dates on the datetime axes', () => {
  it('are UTC midnights, whatever the local time zone', () => {
    // 2025-06-30 is 20,269 days after 1970-01-01: 20,269 × 86,400,000 ms
    expect(utcMillis('2025-06-30')).toBe(20_269 * 86_400_000);
    expect(new Date(utcMillis('2024-02-29')).toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('turn candles into [open, high, low, close] points', () => {
    expect(
      toCandlePoints([
        { date: '2025-06-30', openPrice: '10.05', highPrice: '11.00', lowPrice: '9.95', closePrice: '10.50' },
      ]),
    ).toEqual([{ x: 20_269 * 86_400_000, y: [10.05, 11, 9.95, 10.5] }]);
  });
});

describe('the SMA inputs', () => {
  it('start at 100 closes and a 20-day window, or less when there are fewer closes', () => {
    expect(defaultAverageSizes(400)).toEqual({ priceSize: 100, windowSize: 20 });
    expect(defaultAverageSizes(12)).toEqual({ priceSize: 12, windowSize: 12 });
    expect(defaultAverageSizes(0)).toEqual({ priceSize: 1, windowSize: 1 });
  });

  it('refuse what the server would refuse, with the shared rule’s messages', () => {
    // the rule itself is tested in shared/src/market/average-sizes.test.ts: here, that the inputs use it
    expect(averageInputsProblem('ALPHA', 100, 20, 400)).toBeNull();
    expect(averageInputsProblem('ALPHA', '', 20, 400)).toBe('Price size must be a whole number of at least 1');
    expect(averageInputsProblem('ALPHA', 10, 11, 400)).toBe('Window size must not be larger than the price size');
    expect(averageInputsProblem('ALPHA', 401, 20, 400)).toBe(
      'Price size 401 is more than the 400 prices available for ALPHA',
    );
  });

  it('draw the average beside the closes it was computed over, aligned by day', () => {
    const closes = ['01', '02', '03', '06', '07'].map((day, index) => ({
      date: `2025-01-${day}`,
      closePrice: String(10 + index),
    }));
    // last 4 closes 11, 12, 13, 14 with window 2: (11+12)/2 = 11.5 on the 3rd, 12.5 on the 6th, 13.5 on the 7th
    const average = [
      { date: '2025-01-03', value: '11.5000' },
      { date: '2025-01-06', value: '12.5000' },
      { date: '2025-01-07', value: '13.5000' },
    ];
    expect(alignAverageToCloses(closes, average, 4)).toEqual({
      dates: ['2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07'],
      closes: [11, 12, 13, 14],
      average: [null, 11.5, 12.5, 13.5],
    });
  });
});

describe('priceLabel', () => {
  it('shows 2 decimals and nothing for the undefined or NaN the chart passes at its edges', () => {
    expect(priceLabel(63.4)).toBe('63.40');
    expect(priceLabel(1200)).toBe('1200.00');
    expect(priceLabel(Number.NaN)).toBe('');
    expect(priceLabel(undefined)).toBe('');
  });
});
