/**
 * CSV exports (docs/product/common.md#csv-exports). Files are for spreadsheets: a money or price amount is a plain
 * decimal with exactly 2 decimals (no ₹, no grouping; the header says ₹), a quantity an integer, a percentage a plain
 * number (the header says %), an exchange date YYYY-MM-DD, so a spreadsheet adds the columns up and reads the dates
 * as dates. The screens keep the Indian format (money.ts).
 *
 * CSV export safety: a cell that starts with = + - @ would run as a formula when the file is opened
 * in a spreadsheet (CSV injection, OWASP), and spreadsheets skip leading spaces, tabs and line breaks
 * before deciding, so " =1" and "\n=1" are formulas too. Such cells, and cells starting with a tab or
 * carriage return, get a leading apostrophe so they are read as text. Plain negative numbers stay
 * numbers.
 */
import Big from 'big.js';
import { formatSpreadsheetDateTime } from './dates.js';

const FORMULA_START = /^[\s\u00a0\u2000-\u200b\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
const CONTROL_START = /^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function escapeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (PLAIN_NUMBER.test(text)) return text;
  if (FORMULA_START.test(text) || CONTROL_START.test(text)) return `'${text}`;
  return text;
}

/**
 * What a column's values are in an export: `money` (amounts and prices: 2 decimals, ₹ in the header), `integer`
 * (quantities, volumes, counts), `number` (a plain decimal as it is), `percent` (2 decimals, % in the header), `date`
 * (an exchange date, YYYY-MM-DD), `datetime` (a moment, "YYYY-MM-DD HH:MM" in India time) or `text` (formula-safe).
 */
export type CsvExportKind = 'money' | 'integer' | 'number' | 'percent' | 'date' | 'datetime' | 'text';

/** A decimal from a decimal string, a number or a Big; null for nothing or anything that is not a decimal. */
function readDecimal(value: unknown): Big | null {
  if (value instanceof Big) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  try {
    return new Big(value);
  } catch {
    return null;
  }
}

/** Rounds half up to `decimals` places (as the screens do, money.ts); never "-0.00". */
function fixedDecimals(decimal: Big, decimals: number): string {
  const rounded = decimal.round(decimals, Big.roundHalfUp);
  return (rounded.eq(0) ? rounded.abs() : rounded).toFixed(decimals);
}

const EXCHANGE_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * One exported cell: `value` (the row's value, a decimal string for amounts, never a float made from one) written as
 * its kind says. Nothing gives an empty cell; a value that is not of its kind is written as text, formula-safe.
 */
export function toCsvExportCell(value: unknown, kind: CsvExportKind): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
    case 'percent':
    case 'integer':
    case 'number': {
      const decimal = readDecimal(value);
      if (!decimal) break;
      if (kind === 'number') return decimal.toFixed();
      return fixedDecimals(decimal, kind === 'integer' ? 0 : 2);
    }
    case 'date': {
      const date = typeof value === 'string' ? EXCHANGE_DATE.exec(value) : null;
      if (date) return date[0];
      break;
    }
    case 'datetime': {
      const moment = typeof value === 'string' ? formatSpreadsheetDateTime(value) : '';
      if (moment) return moment;
      break;
    }
    case 'text':
      break;
  }
  return escapeCsvCell(value);
}

/** A column's export header: the unit of money ("Net P&L (₹)") and of percentages ("Change (%)") in it. */
export function toCsvExportHeader(name: string, kind: CsvExportKind): string {
  if (kind === 'money') return `${name} (₹)`;
  if (kind === 'percent') return `${name.replace(/\s*%$/, '')} (%)`;
  return name;
}

/**
 * One CSV line of cells (no line break): every cell neutralised (escapeCsvCell) and quoted when it
 * holds a comma, a quote or a line break; numbers stay numbers. For files a spreadsheet adds up:
 * money as plain decimals, no ₹ or grouping.
 */
export function csvLine(cells: readonly unknown[]): string {
  return cells
    .map((cell) => {
      const text = escapeCsvCell(cell);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** A CSV file: a header line and the rows, CRLF line ends (as spreadsheets write them). */
export function csvFile(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [csvLine(header), ...rows.map(csvLine)].join('\r\n') + '\r\n';
}
