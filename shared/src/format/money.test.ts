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

describe('formatCount', () => {
  it('groups counts the Indian way, without decimals, and leaves no value empty', () => {
    expect(formatCount(38272)).toBe('38,272');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(999)).toBe('999');
    expect(formatCount('1000000')).toBe('10,00,000');
    expect(formatCount(null)).toBe('');
    expect(formatCount(undefined)).toBe('');
  });
});

describe('formatCrore', () => {
  it('shows statement figures in crores with Indian grouping', () => {
    // 7,46,32,00,000 rupees = 746.32 crore
    expect(formatCrore('7463200000')).toBe('₹746.32 Cr');
    expect(formatCrore('7463200000.00')).toBe('₹746.32 Cr');
    // 12,34,56,78,90,000 rupees = 1,23,456.789 crore
    expect(formatCrore('1234567890000')).toBe('₹1,23,456.79 Cr');
    expect(formatCrore('123456789000')).toBe('₹12,345.68 Cr');
    // half a lakh is 0.005 crore: rounds half away from zero
    expect(formatCrore('50000')).toBe('₹0.01 Cr');
    expect(formatCrore('49999')).toBe('₹0.00 Cr');
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
