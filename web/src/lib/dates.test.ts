import { describe, expect, it } from 'vitest';
import { formatMarketDate, formatMediumDateTime } from './dates';

describe('dates', () => {
  it('formats market dates from the text, whatever the time zone', () => {
    expect(formatMarketDate('2020-03-31')).toBe('31-Mar-2020');
    expect(formatMarketDate('2019-01-01')).toBe('01-Jan-2019');
    expect(formatMarketDate('')).toBe('');
  });
  it('formats timestamps as dd-Mmm-yyyy HH:mm in India time', () => {
    expect(formatMediumDateTime('2025-03-15T10:30:00.000Z')).toBe('15-Mar-2025 16:00');
    expect(formatMediumDateTime(null)).toBe('');
  });
});
