/**
 * The coverage rule (periods.ts#periodCoverage) and the words built on it. Scenario: 40 trading days
 * loaded, 03-Feb-2020 to 31-Mar-2020 (D); the windows ending on D start (exclusive) on
 * WEEKLY 24-Mar-2020, QUARTERLY 31-Dec-2019, YEARLY 31-Mar-2019.
 */
import { describe, expect, it } from 'vitest';
import { coverageNote, periodCoverage, periodWindowStart } from './periods.js';
import { trendPhrase } from '../portfolio/dashboard.js';

describe('periodCoverage: whether the loaded prices cover a window', () => {
  it.each([
    // 25, 26, 27, 30, 31 March: 5 trading days inside the window
    {
      period: 'WEEKLY',
      loaded: 5,
      covered: true,
      windowStart: '2020-03-24',
      why: 'a day before its start (24-Mar) is loaded',
    },
    {
      period: 'YEARLY',
      loaded: 40,
      covered: false,
      windowStart: '2019-03-31',
      why: 'the history begins 10 months after its start',
    },
  ] as const)('$period: covered $covered ($why)', ({ period, loaded, covered, windowStart }) => {
    expect(periodCoverage(periodWindowStart('2020-03-31', period), '2020-02-03', loaded)).toEqual({
      covered,
      windowStart,
      firstLoadedDate: '2020-02-03',
      tradingDaysLoaded: loaded,
    });
  });

  it('counts a history starting on the window start itself as covering it (the start day is outside the window)', () => {
    expect(periodCoverage('2019-12-31', '2019-12-31', 61).covered).toBe(true);
    // a day later could be the window's first trading day or a missing file: not covered
    expect(periodCoverage('2019-12-31', '2020-01-01', 60).covered).toBe(false);
  });

  it('covers nothing before any prices', () => {
    expect(periodCoverage('2019-03-31', null, 0).covered).toBe(false);
  });
});

describe('coverageNote and trendPhrase: no 52-week claim without 52 weeks', () => {
  const yearly = periodCoverage('2019-03-31', '2020-02-03', 40);

  it('says how many days are loaded and the dates they span, in the screens’ date format', () => {
    expect(coverageNote('YEARLY', yearly, '2020-03-31')).toBe(
      'Only 40 trading days loaded: this list covers 03-Feb-2020 to 31-Mar-2020, not the full year',
    );
    expect(
      coverageNote('HALFYEARLY', { ...yearly, windowStart: '2019-09-30' }, '2020-03-31', 'these figures cover'),
    ).toBe('Only 40 trading days loaded: these figures cover 03-Feb-2020 to 31-Mar-2020, not the full half year');
  });

  it('says nothing when the window is covered', () => {
    expect(coverageNote('WEEKLY', periodCoverage('2020-03-24', '2020-02-03', 5), '2020-03-31')).toBeNull();
  });

  it('names the loaded days instead of the period when the window is not covered', () => {
    expect(trendPhrase('HIGH', 'YEARLY', yearly)).toBe('new high of the 40 trading days loaded');
    expect(trendPhrase('LOW', 'YEARLY', { covered: true, tradingDaysLoaded: 248 })).toBe('new 52-week low');
    expect(trendPhrase('HIGH', 'YEARLY')).toBe('new 52-week high');
  });
});
