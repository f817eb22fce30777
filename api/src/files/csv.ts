/**
 * A small, fast CSV reader (RFC 4180: commas, double quotes with "" escapes, fields spanning
 * lines, LF or CRLF line ends). Lines without a quote (every bhavcopy line) are split with
 * indexOf, which keeps 600k-row loads quick; quoted lines take the careful path. Cells are trimmed
 * (NSE exports pad headers and purposes with spaces). Each record is handed to a callback with the
 * 1-based line number where it starts, for error messages.
 */
import { BadRequestError } from '../errors.js';

export type RecordCallback = (cells: string[], line: number) => void;

/**
 * Caps checked while reading, before a record is handed out: a line longer than `maxLineLength`
 * characters or a record of more than `maxColumns` cells refuses the file at that line, so a
 * hostile file (megabytes without a line break, a million columns) costs one scan, not a split.
 */
export interface CsvLimits {
  maxLineLength?: number;
  maxColumns?: number;
}

/** Refuses a field that never closes its quote instead of reading the rest of the file as one cell. */
const MAX_QUOTED_FIELD = 100_000;

/** Trims only when needed: most cells have no padding, and trim() allocates. */
function trimmed(text: string): string {
  const last = text.length - 1;
  return last >= 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(last) <= 32) ? text.trim() : text;
}

function tooManyColumns(line: number, maxColumns: number): BadRequestError {
  return new BadRequestError(`Line ${line} has more than ${maxColumns.toLocaleString('en-IN')} columns`);
}

function splitPlain(text: string, line: number, maxColumns: number): string[] {
  const cells: string[] = [];
  let start = 0;
  for (;;) {
    const comma = text.indexOf(',', start);
    if (comma < 0) {
      cells.push(trimmed(text.slice(start)));
      return cells;
    }
    cells.push(trimmed(text.slice(start, comma)));
    if (cells.length >= maxColumns) throw tooManyColumns(line, maxColumns);
    start = comma + 1;
  }
}

export function forEachCsvRecord(text: string, onRecord: RecordCallback, limits: CsvLimits = {}): void {
  const maxLineLength = limits.maxLineLength ?? Number.POSITIVE_INFINITY;
  const maxColumns = limits.maxColumns ?? Number.POSITIVE_INFINITY;
  const length = text.length;
  let position = 0;
  let line = 1;
  while (position < length) {
    let end = text.indexOf('\n', position);
    if (end < 0) end = length;
    const lineEnd = end > position && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (lineEnd - position > maxLineLength)
      throw new BadRequestError(
        `Line ${line} is longer than ${maxLineLength.toLocaleString('en-IN')} characters (is the file a CSV with one record per line?)`,
      );
    const raw = text.slice(position, lineEnd);
    if (raw.indexOf('"') < 0) {
      if (raw.trim() !== '') onRecord(splitPlain(raw, line, maxColumns), line);
      position = end + 1;
      line++;
      continue;
    }
    // quoted: parse character by character from the start of this record
    const startLine = line;
    const cells: string[] = [];
    let cell = '';
    let index = position;
    let inQuotes = false;
    let quotedLength = 0;
    for (;;) {
      if (index >= length) {
        if (inQuotes)
          throw new BadRequestError(`Line ${startLine}: a quoted field is never closed (the file may be truncated)`);
        cells.push(cell.trim());
        position = length;
        break;
      }
      const char = text[index]!;
      if (inQuotes) {
        if (char === '"') {
          if (text[index + 1] === '"') {
            cell += '"';
            index += 2;
          } else {
            inQuotes = false;
            index++;
          }
        } else {
          if (char === '\n') line++;
          cell += char;
          index++;
          if (++quotedLength > Math.min(MAX_QUOTED_FIELD, maxLineLength))
            throw new BadRequestError(`Line ${startLine}: a quoted field is never closed (the file may be damaged)`);
        }
      } else if (char === '"') {
        inQuotes = true;
        quotedLength = 0;
        index++;
      } else if (char === ',') {
        cells.push(cell.trim());
        if (cells.length >= maxColumns) throw tooManyColumns(startLine, maxColumns);
        cell = '';
        index++;
      } else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
        cells.push(cell.trim());
        position = index + (char === '\r' ? 2 : 1);
        line++;
        break;
      } else {
        cell += char;
        index++;
      }
    }
    if (!(cells.length === 1 && cells[0] === '')) onRecord(cells, startLine);
  }
}
