import { describe, expect, it } from 'vitest';
import { exchangeDayBounds, exchangeToday } from './exchange-date.js';

describe('exchangeToday', () => {
  it('is the date in India whatever the process time zone', () => {
    // 20:00 UTC is 01:30 the next day in India (UTC+5:30); 18:00 UTC is 23:30 the same day
    expect(exchangeToday(new Date('2025-03-14T20:00:00Z'))).toBe('2025-03-15');
    expect(exchangeToday(new Date('2025-03-14T18:00:00Z'))).toBe('2025-03-14');
  });
});

describe('exchangeDayBounds', () => {
  it('runs from midnight to midnight in India (18:30 UTC the day before to 18:30 UTC)', () => {
    // 2025-03-14 20:00 UTC is 01:30 on the 15th in India: that day began at 2025-03-14 18:30 UTC
    const bounds = exchangeDayBounds(Date.parse('2025-03-14T20:00:00Z'));
    expect(new Date(bounds.start).toISOString()).toBe('2025-03-14T18:30:00.000Z');
    expect(new Date(bounds.end).toISOString()).toBe('2025-03-15T18:30:00.000Z');
    // 18:29:59.999 UTC is still the 14th in India; 18:30 UTC exactly is the 15th's first instant
    expect(new Date(exchangeDayBounds(Date.parse('2025-03-14T18:29:59.999Z')).end).toISOString()).toBe(
      '2025-03-14T18:30:00.000Z',
    );
    expect(exchangeDayBounds(Date.parse('2025-03-14T18:30:00Z')).start).toBe(Date.parse('2025-03-14T18:30:00Z'));
  });

  it('agrees with the time-zone database on the offset, summer and winter, across years', () => {
    for (const instant of ['2001-01-01T12:00:00Z', '2024-07-01T12:00:00Z', '2030-12-31T12:00:00Z']) {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', timeZoneName: 'longOffset' })
        .formatToParts(new Date(instant))
        .find((part) => part.type === 'timeZoneName')?.value;
      expect(parts).toBe('GMT+05:30');
    }
  });
});
