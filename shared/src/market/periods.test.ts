import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  isEquitySeries,
  isInPeriodWindow,
  periodWindowStart,
  weekdaysEndingOn,
} from './periods.js';

describe('period windows (D − P < t ≤ D)', () => {
  it('counts a week as 7 calendar days', () => {
    // Tuesday 31 March 2020 − 7 days = Tuesday 24 March: the window starts on the 25th
    expect(periodWindowStart('2020-03-31', 'WEEKLY')).toBe('2020-03-24');
    expect(isInPeriodWindow('2020-03-24', '2020-03-31', 'WEEKLY')).toBe(false);
    expect(isInPeriodWindow('2020-03-25', '2020-03-31', 'WEEKLY')).toBe(true);
    expect(isInPeriodWindow('2020-03-31', '2020-03-31', 'WEEKLY')).toBe(true);
    expect(isInPeriodWindow('2020-04-01', '2020-03-31', 'WEEKLY')).toBe(false);
  });

  it('clamps month arithmetic to the end of the month', () => {
    // 2020 is a leap year: 31 March − 1 month = 29 February
    expect(periodWindowStart('2020-03-31', 'MONTHLY')).toBe('2020-02-29');
    expect(addMonths('2019-03-31', -1)).toBe('2019-02-28');
    // 31 March − 3 months = 31 December; − 6 months = 30 September (clamped); − 12 months = 31 March 2019
    expect(periodWindowStart('2020-03-31', 'QUARTERLY')).toBe('2019-12-31');
    expect(periodWindowStart('2020-03-31', 'HALFYEARLY')).toBe('2019-09-30');
    expect(periodWindowStart('2020-03-31', 'YEARLY')).toBe('2019-03-31');
    // 29 February − 12 months = 28 February
    expect(periodWindowStart('2020-02-29', 'YEARLY')).toBe('2019-02-28');
  });

  it('crosses year boundaries both ways', () => {
    expect(addMonths('2020-01-15', -1)).toBe('2019-12-15');
    expect(addMonths('2019-12-15', 1)).toBe('2020-01-15');
    expect(addDays('2020-01-03', -7)).toBe('2019-12-27');
    expect(addDays('2019-02-28', 1)).toBe('2019-03-01');
  });

  it('refuses text that is not a date', () => {
    expect(() => periodWindowStart('31-03-2020', 'WEEKLY')).toThrow(RangeError);
  });

  it('knows the equity series', () => {
    expect(['EQ', 'BE', 'BZ', 'SM', 'ST'].every(isEquitySeries)).toBe(true);
    expect(isEquitySeries('GB')).toBe(false);
    expect(isEquitySeries('N1')).toBe(false);
  });
});

describe('weekdaysEndingOn', () => {
  it('counts back over weekends, oldest first, the last day included when it is a weekday', () => {
    // 2025-01-10 is a Friday; 2025-01-04/05 a weekend
    expect(weekdaysEndingOn('2025-01-10', 7)).toEqual([
      '2025-01-02',
      '2025-01-03',
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
    ]);
  });

  it('starts from the Friday before when the last day is a Sunday', () => {
    expect(weekdaysEndingOn('2025-01-12', 2)).toEqual(['2025-01-09', '2025-01-10']);
  });
});
