/**
 * Cell readers shared by every upload type: exact decimals (kept as text, never through a float),
 * whole numbers, and the date spellings NSE uses ('23-MAR-2020', '19-Sep-2019', '2025-06-18',
 * '31Dec2024'), all turned into 'YYYY-MM-DD' by arithmetic on the text (no Date, no time zone).
 * Each reader answers undefined for a bad value; the caller words the problem.
 */
import Big from 'big.js';

const PLAIN_DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const GROUPED_DECIMAL = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const LEADING_POINT_DECIMAL = /^[+-]?\.\d+$/;
const EXPONENT_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)[eE][+-]?\d{1,3}$/;

/** Most digits before and after the point that a stored amount may have. */
export const MAX_INTEGER_DIGITS = 18;
export const MAX_FRACTION_DIGITS = 8;

/** Canonical decimal text: sign only when negative, no leading zeros, no '+', no grouping. */
function canonical(text: string): string | undefined {
  let negative = false;
  let body = text;
  if (body[0] === '+' || body[0] === '-') {
    negative = body[0] === '-';
    body = body.slice(1);
  }
  const point = body.indexOf('.');
  let integer = point < 0 ? body : body.slice(0, point);
  let fraction = point < 0 ? '' : body.slice(point + 1);
  integer = integer.replace(/^0+(?=\d)/, '');
  if (integer === '') integer = '0';
  if (integer.length > MAX_INTEGER_DIGITS) return undefined;
  if (fraction.length > MAX_FRACTION_DIGITS) {
    // trailing zeros beyond the precision carry no value
    const trimmed = fraction.replace(/0+$/, '');
    if (trimmed.length > MAX_FRACTION_DIGITS) return undefined;
    fraction = trimmed;
  }
  const result = fraction === '' ? integer : `${integer}.${fraction}`;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** An exact decimal from text ('1234.50', '-3.2', '1,23,456.7' is refused, '1,234.50' accepted, '1.2E+11'). */
export function readDecimal(text: string): string | undefined {
  if (PLAIN_DECIMAL.test(text)) return canonical(text);
  if (GROUPED_DECIMAL.test(text)) return canonical(text.replace(/,/g, ''));
  if (LEADING_POINT_DECIMAL.test(text)) return canonical(text.replace('.', '0.'));
  if (EXPONENT_DECIMAL.test(text)) {
    try {
      return canonical(new Big(text).toFixed());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A decimal that is zero or more. */
export function readNonNegativeDecimal(text: string): string | undefined {
  const value = readDecimal(text);
  return value === undefined || value.startsWith('-') ? undefined : value;
}

/** A whole number that is zero or more ('1200', also '1200.00' as spreadsheets write it). */
export function readCount(text: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!/^\+?\d+(\.0+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value <= max ? value : undefined;
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** 'MAR' → '03'. */
const MONTHS: Record<string, string> = Object.fromEntries(
  MONTH_NAMES.map((name, index) => [name, String(index + 1).padStart(2, '0')]),
);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoIfValid(year: string, month: string, day: string): string | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return `${year}-${month}-${day.padStart(2, '0')}`;
}

const DAY_MON_YEAR = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_DAY_MON_YEAR = /^(\d{1,2})([A-Za-z]{3})(\d{4})$/;

/**
 * A calendar date in one of NSE's spellings: 'DD-MON-YYYY' (any case), 'YYYY-MM-DD',
 * 'DDMonYYYY'. 'YYYY-MM-DD' is also what workbook date cells become.
 */
export function readDate(text: string): string | undefined {
  let match = ISO_DATE.exec(text);
  if (match) return isoIfValid(match[1]!, match[2]!, match[3]!);
  match = DAY_MON_YEAR.exec(text) ?? COMPACT_DAY_MON_YEAR.exec(text);
  if (match) {
    const month = MONTHS[match[2]!.toUpperCase()];
    return month ? isoIfValid(match[3]!, month, match[1]!) : undefined;
  }
  return undefined;
}

/** NSE writes '-' (or nothing) for a date that does not apply. */
export function isEmptyMarker(text: string): boolean {
  return text === '' || text === '-';
}

/** April-to-March financial year start of a date: '2019-06-30' → '2019-04-01', '2020-03-31' → '2019-04-01'. */
export function startOfFinancialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** Quarter of the April-to-March financial year, in the words NSE filings use for Q1 and Q3. */
export function derivedReportingQuarter(isoDate: string): string {
  const month = Number(isoDate.slice(5, 7));
  if (month >= 4 && month <= 6) return 'First quarter';
  if (month >= 7 && month <= 9) return 'Second quarter';
  if (month >= 10 && month <= 12) return 'Third quarter';
  return 'Fourth quarter';
}

/** Counts as the messages show them: 1,998. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** Text that goes into a COPY row: no tab, newline, carriage return or backslash (text format). */
export function isCopySafe(text: string): boolean {
  return !/[\t\n\r\\]/.test(text);
}
