import { describe, expect, it } from 'vitest';
import { daysInMonth, monthGrid, shiftMonth } from './calendar';

describe('month grid', () => {
  it('covers March 2020 in whole Sunday-to-Saturday weeks', () => {
    // 1 March 2020 was a Sunday; 31 days; the 31st a Tuesday → 5 weeks, last row ends 4 April
    const weeks = monthGrid({ year: 2020, month: 3 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ date: '2020-03-01', day: 1, inMonth: true });
    expect(weeks[4]!.map((day) => day.date)).toEqual([
      '2020-03-29',
      '2020-03-30',
      '2020-03-31',
      '2020-04-01',
      '2020-04-02',
      '2020-04-03',
      '2020-04-04',
    ]);
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(31);
  });

  it('starts with the last days of the month before', () => {
    // 1 January 2019 was a Tuesday: Sunday 30 and Monday 31 December 2018 come first
    const [first] = monthGrid({ year: 2019, month: 1 });
    expect(first!.slice(0, 3)).toEqual([
      { date: '2018-12-30', day: 30, inMonth: false },
      { date: '2018-12-31', day: 31, inMonth: false },
      { date: '2019-01-01', day: 1, inMonth: true },
    ]);
  });

  it('knows leap years and moves across years', () => {
    expect(daysInMonth({ year: 2024, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2023, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2000, month: 2 })).toBe(29);
    expect(shiftMonth({ year: 2020, month: 1 }, -1)).toEqual({ year: 2019, month: 12 });
    expect(shiftMonth({ year: 2019, month: 12 }, 1)).toEqual({ year: 2020, month: 1 });
    expect(shiftMonth({ year: 2019, month: 5 }, -17)).toEqual({ year: 2017, month: 12 });
  });

  it('gives the same dates whatever the time zone (no Date shifting)', () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    const west = monthGrid({ year: 2020, month: 3 })
      .flat()
      .map((day) => day.date);
    process.env.TZ = 'Asia/Kolkata';
    const east = monthGrid({ year: 2020, month: 3 })
      .flat()
      .map((day) => day.date);
    process.env.TZ = before;
    expect(west).toEqual(east);
  });
});
