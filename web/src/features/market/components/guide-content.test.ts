/** The SMA article's worked example agrees with the moving-average code the charts use. */
import { describe, expect, it } from 'vitest';
import { MOVING_AVERAGE_KINDS, roundDecimal, simpleMovingAverage } from '@bazaar/shared';
import { AVERAGE_GUIDES, SMA_EXAMPLE } from './guide-content';

describe('user guide content', () => {
  it('explains all eight averages, in the order of the kinds', () => {
    expect(AVERAGE_GUIDES.map((guide) => guide.kind)).toEqual([...MOVING_AVERAGE_KINDS]);
    expect(AVERAGE_GUIDES.every((guide) => guide.description && guide.formula.length > 0 && guide.uses)).toBe(true);
  });

  it('works the 5-day example the way the SMA code does', () => {
    const prices = SMA_EXAMPLE.closes.map((close, index) => ({ date: `2025-01-0${index + 1}`, close }));
    const averages = simpleMovingAverage(prices, 5).map((point) => roundDecimal(point.value));
    // by hand: (100 + 102 + 101 + 105 + 107) ÷ 5 = 103.00; (102 + 101 + 105 + 107 + 110) ÷ 5 = 105.00
    expect(averages).toEqual(['103.00', '105.00']);
    expect([SMA_EXAMPLE.firstAverage, SMA_EXAMPLE.nextAverage]).toEqual(averages);
  });
});
