import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCrore,
  formatIndianNumber,
  formatPercent,
  formatRupees,
  roundDecimal,
  subtractDecimals,
  sumDecimals,
} from './money.js';

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
  it.each([
    ['1234567.5', '₹12,34,567.50'],
    ['999', '₹999.00'],
    ['1000', '₹1,000.00'],
    ['100000', '₹1,00,000.00'],
    ['12345678901.239', '₹12,34,56,78,901.24'],
  ])('uses Indian grouping and two decimals: %s is %s', (value, text) => {
    expect(formatRupees(value)).toBe(text);
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

describe('formatCount', () => {
  it.each([
    [38272, '38,272'],
    [123456, '1,23,456'],
    [999, '999'],
    ['1000000', '10,00,000'],
    [null, ''],
    [undefined, ''],
  ])('groups counts the Indian way, without decimals, and leaves no value empty: %j is %j', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('formatCrore', () => {
  it.each([
    // 7,46,32,00,000 rupees = 746.32 crore
    ['7463200000', '₹746.32 Cr'],
    ['7463200000.00', '₹746.32 Cr'],
    // 12,34,56,78,90,000 rupees = 1,23,456.789 crore
    ['1234567890000', '₹1,23,456.79 Cr'],
    ['123456789000', '₹12,345.68 Cr'],
    // half a lakh is 0.005 crore: rounds half away from zero
    ['50000', '₹0.01 Cr'],
    ['49999', '₹0.00 Cr'],
  ])('shows statement figures in crores with Indian grouping: %s is %s', (value, text) => {
    expect(formatCrore(value)).toBe(text);
  });
  it('puts the minus sign first and gives nothing for no value', () => {
    expect(formatCrore('-125000000')).toBe('-₹12.50 Cr');
    expect(formatCrore(null)).toBe('');
    expect(formatCrore('')).toBe('');
  });
});

describe('sumDecimals', () => {
  it('adds exactly, where floating point would not', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['1000.10', '-4000', 3000])).toBe('0.1');
    expect(sumDecimals([])).toBe('0');
  });
});

describe('subtractDecimals', () => {
  it('subtracts exactly and gives null without both sides', () => {
    expect(subtractDecimals('12.3', '10.1')).toBe('2.2');
    expect(subtractDecimals('-1.5', '2')).toBe('-3.5');
    expect(subtractDecimals(null, '2')).toBeNull();
    expect(subtractDecimals('1', undefined)).toBeNull();
  });
});
