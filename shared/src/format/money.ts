/**
 * Money and price display. Amounts travel as decimal strings (or big.js values) end to end and
 * are rounded only here, for display: 2 decimals, Indian digit grouping, rupee sign.
 */
import Big from 'big.js';

export type DecimalInput = string | number | Big;

/** Rounds half away from zero to `decimals` places and returns the plain decimal string. */
export function roundDecimal(value: DecimalInput, decimals = 2): string {
  return new Big(value).round(decimals, Big.roundHalfUp).toFixed(decimals);
}

/** Groups the integer digits the Indian way: 12,34,567. */
function groupIndian(integerDigits: string): string {
  if (integerDigits.length <= 3) return integerDigits;
  const lastThree = integerDigits.slice(-3);
  const rest = integerDigits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}`;
}

/** Formats a number with Indian grouping and a fixed number of decimals (no currency sign). */
export function formatIndianNumber(value: DecimalInput, decimals = 2): string {
  const fixed = roundDecimal(value, decimals);
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  const [integerPart = '0', fraction] = unsigned.split('.');
  const grouped = groupIndian(integerPart) + (fraction !== undefined ? `.${fraction}` : '');
  const isZero = /^[0.]+$/.test(unsigned);
  return negative && !isZero ? `-${grouped}` : grouped;
}

/** A count (rows, shares, subscribers) with Indian grouping and no decimals: 38,272; 1,23,456. Empty input gives ''. */
export function formatCount(value: DecimalInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatIndianNumber(value, 0);
}

/** ₹1,23,456.78 (negative amounts as -₹1,234.00). Empty input gives an empty string. */
export function formatRupees(value: DecimalInput | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatIndianNumber(value, decimals);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Rupees in a crore (1,00,00,000). */
const RUPEES_PER_CRORE = new Big('10000000');

/**
 * Statement figures (balance sheets, profit and loss) in crores, as Indian readers expect them: 7463200000 →
 * "₹746.32 Cr" (Indian grouping above 1,000 crore: ₹12,345.68 Cr). Empty input gives an empty string.
 */
export function formatCrore(value: DecimalInput | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatIndianNumber(new Big(value).div(RUPEES_PER_CRORE), decimals);
  return text.startsWith('-') ? `-₹${text.slice(1)} Cr` : `₹${text} Cr`;
}

/** 12.34% with 2 decimals; a positive value gets no sign. */
export function formatPercent(value: DecimalInput | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  return `${roundDecimal(value, decimals)}%`;
}

/** The exact sum of decimal amounts, as a plain decimal string ('0' for none): screens add server amounts with it. */
export function sumDecimals(values: Iterable<DecimalInput>): string {
  let total = new Big(0);
  for (const value of values) total = total.plus(value);
  return total.toFixed();
}

/** a − b exactly, as a plain decimal string; null when either is missing (an excess return without one of its sides). */
export function subtractDecimals(
  a: DecimalInput | null | undefined,
  b: DecimalInput | null | undefined,
): string | null {
  if (a === null || a === undefined || a === '' || b === null || b === undefined || b === '') return null;
  return new Big(a).minus(b).toFixed();
}
