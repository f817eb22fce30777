/**
 * One name for the day in a market page's address (docs/product/market.md#any-day): `asOf` is read and written;
 * Stock Prices' former `date` is still read, so an address shared before the rename keeps its day.
 */
import { describe, expect, it } from 'vitest';
import { readTradeDateParam, tradeDateParams } from './trade-date-param';

describe('the trading day in the address', () => {
  it('reads asOf, then the former date, and nothing as the latest day', () => {
    expect(readTradeDateParam(new URLSearchParams('asOf=2025-03-13'))).toBe('2025-03-13');
    expect(readTradeDateParam(new URLSearchParams('date=2025-03-12'))).toBe('2025-03-12');
    // both given (a hand-edited address): the current name wins
    expect(readTradeDateParam(new URLSearchParams('date=2025-03-12&asOf=2025-03-13'))).toBe('2025-03-13');
    expect(readTradeDateParam(new URLSearchParams(''))).toBeNull();
    expect(readTradeDateParam(new URLSearchParams('asOf='))).toBeNull();
  });

  it('writes a past day as asOf and the latest day as no parameter', () => {
    expect(tradeDateParams('2025-03-13', '2025-03-14')).toEqual({ asOf: '2025-03-13' });
    expect(tradeDateParams('2025-03-14', '2025-03-14')).toEqual({});
    expect(tradeDateParams(null, '2025-03-14')).toEqual({});
  });
});
