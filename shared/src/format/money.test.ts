import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatPercent, formatRupees, roundDecimal } from './money.js';

describe('roundDecimal', () => {
  it('rounds half away from zero without float drift', () => {
    // 1.005 is 1.00499999... as a float; as a decimal it rounds up
    expect(roundDecimal('1.005')).toBe('1.01');
    expect(roundDecimal('-1.005')).toBe('-1.01');
    expect(roundDecimal('2.344')).toBe('2.34');
    expect(roundDecimal(0.1 + 0.2)).toBe('0.30');
  });
});

describe('formatRupees', () => {
  it('uses Indian grouping and two decimals', () => {
    expect(formatRupees('1234567.5')).toBe('₹12,34,567.50');
    expect(formatRupees('999')).toBe('₹999.00');
    expect(formatRupees('1000')).toBe('₹1,000.00');
    expect(formatRupees('100000')).toBe('₹1,00,000.00');
    expect(formatRupees('12345678901.239')).toBe('₹12,34,56,78,901.24');
  });
  it('puts the minus sign before the rupee sign', () => {
    expect(formatRupees('-1234')).toBe('-₹1,234.00');
    expect(formatRupees('-0.001')).toBe('₹0.00');
  });
  it('gives an empty string for missing values', () => {
    expect(formatRupees(null)).toBe('');
    expect(formatRupees(undefined)).toBe('');
    expect(formatRupees('')).toBe('');
  });
});

describe('formatIndianNumber and formatPercent', () => {
  it('formats plain numbers and percentages', () => {
    expect(formatIndianNumber('1234567', 0)).toBe('12,34,567');
    expect(formatPercent('12.345')).toBe('12.35%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
  });
});
