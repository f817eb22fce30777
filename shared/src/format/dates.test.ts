import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDatesInText, formatMarketDate } from './dates.js';

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

describe('formatDatesInText', () => {
  it('writes every exchange date of a server message as dd-Mmm-yyyy', () => {
    expect(formatDatesInText('TCS closed at ₹3,450.00 on 2025-06-30, above its 52-week high.')).toBe(
      'TCS closed at ₹3,450.00 on 30-Jun-2025, above its 52-week high.',
    );
    expect(formatDatesInText('2025-06-30 is before the book closure start 2025-07-01')).toBe(
      '30-Jun-2025 is before the book closure start 01-Jul-2025',
    );
  });
  it('leaves timestamps, impossible dates and other numbers alone', () => {
    expect(formatDatesInText('at 2025-06-30T10:15:00Z')).toBe('at 2025-06-30T10:15:00Z');
    expect(formatDatesInText('code 2025-13-01 and 12025-06-300')).toBe('code 2025-13-01 and 12025-06-300');
    expect(formatDatesInText('1,952 rows')).toBe('1,952 rows');
    expect(formatDatesInText(null)).toBe('');
  });
});
