/**
 * CSV export safety: a cell that starts with = + - @ would run as a formula when the file is opened
 * in a spreadsheet (CSV injection, OWASP), and spreadsheets skip leading spaces, tabs and line breaks
 * before deciding, so " =1" and "\n=1" are formulas too. Such cells, and cells starting with a tab or
 * carriage return, get a leading apostrophe so they are read as text. Plain negative numbers stay
 * numbers.
 */
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
