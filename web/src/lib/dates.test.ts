import { describe, expect, it } from 'vitest';
import { formatMarketDate, formatMediumDateTime } from './dates';

describe('dates', () => {
  it('formats market dates from the text, whatever the time zone', () => {
    expect(formatMarketDate('2020-03-31')).toBe('31-Mar-2020');
    expect(formatMarketDate('2019-01-01')).toBe('01-Jan-2019');
    expect(formatMarketDate('')).toBe('');
  });
  it('formats timestamps in the medium style', () => {
    expect(formatMediumDateTime('2025-03-15T10:30:00.000Z')).toMatch(/^Mar 15, 2025, \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);
    expect(formatMediumDateTime(null)).toBe('');
  });
});
