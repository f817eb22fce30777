import { describe, expect, it } from 'vitest';
import { AVERAGE_SIZE_MESSAGES, checkAverageSizes, checkClosesAvailable } from './average-sizes.js';

describe('the sizes of a moving-average request', () => {
  it('accepts whole numbers from 1 with window ≤ price size ≤ 5000, given as numbers or digits', () => {
    expect(checkAverageSizes(100, 20)).toEqual({ priceSize: 100, windowSize: 20 });
    expect(checkAverageSizes('4', ' 4 ')).toEqual({ priceSize: 4, windowSize: 4 });
    expect(checkAverageSizes(5000, 1)).toEqual({ priceSize: 5000, windowSize: 1 });
  });

  it('refuses each wrong value with its message and field', () => {
    const priceSize = { field: 'priceSize', message: AVERAGE_SIZE_MESSAGES.priceSize };
    expect(checkAverageSizes('', 20)).toEqual(priceSize);
    expect(checkAverageSizes(undefined, 20)).toEqual(priceSize);
    expect(checkAverageSizes(0, 20)).toEqual(priceSize);
    expect(checkAverageSizes(10.5, 2)).toEqual(priceSize);
    expect(checkAverageSizes('4.5', 2)).toEqual(priceSize);
    expect(checkAverageSizes('-3', 2)).toEqual(priceSize);
    expect(checkAverageSizes(100, '')).toEqual({ field: 'windowSize', message: AVERAGE_SIZE_MESSAGES.windowSize });
    expect(checkAverageSizes(4, 0)).toEqual({
      field: 'windowSize',
      message: 'Window size must be a whole number of at least 1',
    });
    expect(checkAverageSizes(5001, 4)).toEqual({ field: 'priceSize', message: 'Price size must be at most 5000' });
    expect(checkAverageSizes(3, 4)).toEqual({
      field: 'windowSize',
      message: 'Window size must not be larger than the price size',
    });
  });

  it('needs prices, and at least price size of them', () => {
    expect(checkClosesAvailable('ALPHA', 5, 5)).toBeNull();
    expect(checkClosesAvailable('NOSUCH', 5, 0)).toEqual({
      field: 'symbol',
      message: 'There are no prices for NOSUCH',
    });
    expect(checkClosesAvailable('ALPHA', 50, 5)).toEqual({
      field: 'priceSize',
      message: 'Price size 50 is more than the 5 prices available for ALPHA',
    });
  });
});
