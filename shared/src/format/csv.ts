/**
 * CSV export safety: a cell that starts with = + - @ (or a tab or carriage return) would run as a
 * formula when the file is opened in a spreadsheet (CSV injection, OWASP). Such cells get a leading
 * apostrophe so they are read as text. Plain negative numbers stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function escapeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `'${text}`;
  return text;
}
