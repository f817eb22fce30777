import { describe, expect, it } from 'vitest';
import { exchangeToday } from './exchange-date.js';

describe('exchangeToday', () => {
  it('is the date in India whatever the process time zone', () => {
    // 20:00 UTC is 01:30 the next day in India (UTC+5:30); 18:00 UTC is 23:30 the same day
    expect(exchangeToday(new Date('2025-03-14T20:00:00Z'))).toBe('2025-03-15');
    expect(exchangeToday(new Date('2025-03-14T18:00:00Z'))).toBe('2025-03-14');
  });
});
