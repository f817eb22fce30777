import { describe, expect, it } from 'vitest';
import { compareTrendItems, computeTrendChange, isLossTrend } from './trends.js';

describe('trend change and change %', () => {
  it('derives both from the exact closes, rounded to 2 decimals', () => {
    // 105.50 − 100.00 = 5.50; 5.50 ÷ 100 × 100 = 5.50 %
    expect(computeTrendChange('105.50', '100.00')).toEqual({ change: '5.50', changePercent: '5.50' });
    // 48.35 − 50.10 = −1.75; −1.75 ÷ 50.10 × 100 = −3.49301… → −3.49
    expect(computeTrendChange('48.35', '50.10')).toEqual({ change: '-1.75', changePercent: '-3.49' });
    // 1 ÷ 3 × 100 = 33.333… → 33.33; 2 ÷ 3 × 100 = 66.666… → 66.67
    expect(computeTrendChange('4', '3').changePercent).toBe('33.33');
    expect(computeTrendChange('5', '3').changePercent).toBe('66.67');
  });

  it('rounds half away from zero without float drift', () => {
    // 0.125 % exactly: 100.125 − 100 = 0.125 → change 0.13; percent 0.125 → 0.13
    expect(computeTrendChange('100.125', '100')).toEqual({ change: '0.13', changePercent: '0.13' });
    expect(computeTrendChange('99.875', '100')).toEqual({ change: '-0.13', changePercent: '-0.13' });
  });

  it('answers no percentage when the previous close is 0', () => {
    expect(computeTrendChange('1', '0')).toEqual({ change: '1.00', changePercent: null });
  });
});

describe('trend order and colours', () => {
  const items = [
    { symbol: 'B', changePercent: '1.00' },
    { symbol: 'A', changePercent: '1.00' },
    { symbol: 'C', changePercent: '-2.50' },
    { symbol: 'D', changePercent: '10.00' },
  ];
  it('orders highs by change % descending and lows ascending, ties by symbol', () => {
    expect([...items].sort(compareTrendItems('HIGH')).map((i) => i.symbol)).toEqual(['D', 'A', 'B', 'C']);
    expect([...items].sort(compareTrendItems('LOW')).map((i) => i.symbol)).toEqual(['C', 'A', 'B', 'D']);
  });
  it('compares percentages as decimals, not as text', () => {
    const sorted = [
      { symbol: 'X', changePercent: '9.50' },
      { symbol: 'Y', changePercent: '10.00' },
    ].sort(compareTrendItems('HIGH'));
    expect(sorted.map((i) => i.symbol)).toEqual(['Y', 'X']);
  });
  it('styles a negative change as a loss in the high lists, 0 or less in the low lists', () => {
    expect(isLossTrend('HIGH', '-0.01')).toBe(true);
    expect(isLossTrend('HIGH', '0.00')).toBe(false);
    expect(isLossTrend('HIGH', '2')).toBe(false);
    expect(isLossTrend('LOW', '0.00')).toBe(true);
    expect(isLossTrend('LOW', '-3')).toBe(true);
    expect(isLossTrend('LOW', '0.01')).toBe(false);
  });
});
