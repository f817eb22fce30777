import { describe, expect, it } from 'vitest';
import { formatMarketDate, formatMediumDateTime, todayInIndia } from './dates';

describe('dates', () => {
  it('formats market dates from the text, whatever the time zone', () => {
    expect(formatMarketDate('2020-03-31')).toBe('31-Mar-2020');
    expect(formatMarketDate('2019-01-01')).toBe('01-Jan-2019');
    expect(formatMarketDate('')).toBe('');
  });
  it("gives today's date in India (UTC+5:30), not the browser's", () => {
    // 20:00 UTC on 14 March is already 15 March in India
    expect(todayInIndia(new Date('2025-03-14T20:00:00Z'))).toBe('2025-03-15');
    expect(todayInIndia(new Date('2025-03-14T18:00:00Z'))).toBe('2025-03-14');
  });
  it('formats timestamps in the medium style', () => {
    expect(formatMediumDateTime('2025-03-15T10:30:00.000Z')).toMatch(/^Mar 15, 2025, \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);
    expect(formatMediumDateTime(null)).toBe('');
  });
});
