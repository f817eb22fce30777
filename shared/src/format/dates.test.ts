import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMarketDate } from './dates.js';

describe('date formats', () => {
  it('shows exchange dates as dd-Mmm-yyyy from the text', () => {
    expect(formatMarketDate('2025-06-30')).toBe('30-Jun-2025');
    expect(formatMarketDate('2019-01-01')).toBe('01-Jan-2019');
    expect(formatMarketDate(null)).toBe('');
  });
  it('shows moments in India time (UTC+05:30), 24-hour', () => {
    // 10:30 UTC is 16:00 in India; 20:00 UTC on 31 March is 01:30 on 1 April there
    expect(formatDateTime('2025-03-15T10:30:00.000Z')).toBe('15-Mar-2025 16:00');
    expect(formatDateTime('2025-03-31T20:00:00Z')).toBe('01-Apr-2025 01:30');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
