import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCalendarDate, normaliseDecimal, requiredDecimal, requiredInteger, requiredDate } from './rules.js';

describe('decimal rule', () => {
  const price = z.object({ price: requiredDecimal('Price is required!', 'Price', { positive: true, maxDecimals: 4 }) });
  it('keeps decimals as exact strings', () => {
    expect(price.parse({ price: '0012.5000' }).price).toBe('12.5000');
    expect(price.parse({ price: 0.1 }).price).toBe('0.1');
    expect(price.parse({ price: '1234567.1234' }).price).toBe('1234567.1234');
  });
  it.each([
    [undefined, 'Price is required!'],
    ['', 'Price is required!'],
    ['12,5', 'Price must be a number'],
    ['1e5', 'Price must be a number'],
    // NaN is not a JSON number (it travels as null): treated as missing
    [Number.NaN, 'Price is required!'],
    ['0', 'Price must be greater than 0'],
    ['-3', 'Price must be greater than 0'],
    ['1.12345', 'Price may have at most 4 decimals'],
  ])('refuses missing, non-numeric, zero, negative and over-precise values: %j', (value, message) => {
    const result = price.safeParse({ price: value });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
  it('normalises signs and leading zeros', () => {
    expect(normaliseDecimal('-0.00')).toBe('0.00');
    expect(normaliseDecimal('-007.5')).toBe('-7.5');
  });
});

describe('integer and date rules', () => {
  it('accepts whole numbers in range', () => {
    const quantity = requiredInteger('Quantity is required!', 'Quantity', { min: 1 });
    expect(quantity.parse('15')).toBe(15);
    expect(quantity.safeParse('1.5').error?.issues[0]?.message).toBe('Quantity must be a whole number');
    expect(quantity.safeParse(0).error?.issues[0]?.message).toBe('Quantity must be at least 1');
  });
  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    const date = requiredDate(' Buying Date is required!', 'Buying date');
    expect(date.parse('2025-03-15T00:00:00.000Z')).toBe('2025-03-15');
    expect(date.safeParse('').error?.issues[0]?.message).toBe(' Buying Date is required!');
  });
});
