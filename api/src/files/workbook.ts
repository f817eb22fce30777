/**
 * Reads the first non-empty sheet of an .xls or .xlsx workbook as rows of text cells, with the
 * same meaning as a CSV line: SheetJS (@e965/xlsx 0.20.3, see STACK.md) never evaluates formulas,
 * and a formula cell is read as its formula text ("=A1*2"), so it fails number validation instead
 * of smuggling a computed or spoofed value in. Numbers become plain decimal text, date cells
 * become 'YYYY-MM-DD' computed from the serial day number (no Date objects, no time zones).
 * The sheet's declared range is checked first so a workbook cannot ask for billions of cells.
 */
import * as XLSX from '@e965/xlsx';
import { BadRequestError } from '../errors.js';
import type { RecordCallback } from './csv.js';
import { checkCompoundFile, checkZipArchive, type ArchiveLimits, type WorkbookWorkLimits } from './archive-guard.js';

export interface WorkbookLimits {
  maxRows: number;
  maxColumns: number;
}

type Cell = { t: string; v?: unknown; f?: string; z?: string | number; w?: string };

/** Excel serial day → 'YYYY-MM-DD' (1900 date system; serial 60 is Excel's phantom 29-Feb-1900). */
export function excelSerialToIsoDate(serial: number): string {
  const whole = Math.floor(serial);
  // days since 1899-12-30 for serials after the phantom leap day; Excel's day 1 is 1900-01-01
  const days = whole > 60 ? whole : whole + 1;
  const epochDays = days - 25569; // 1970-01-01 is serial 25569
  const ms = epochDays * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** A JS number as plain decimal text (no exponent), as the shortest round-trip representation. */
export function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // rare: very large or very small values; expand the exponent exactly from the shortest digits
  const [mantissa = '0', exponentText = '0'] = text.toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const pointAt =
    (mantissa.replace('-', '').indexOf('.') < 0
      ? mantissa.replace('-', '').length
      : mantissa.replace('-', '').indexOf('.')) + Number(exponentText);
  let result: string;
  if (pointAt <= 0) result = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) result = digits + '0'.repeat(pointAt - digits.length);
  else result = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return (negative ? '-' : '') + result;
}

function cellText(cell: Cell | undefined): string {
  if (!cell) return '';
  if (cell.f !== undefined && cell.f !== '') return `=${cell.f}`;
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '').trim();
    case 'n': {
      const value = cell.v as number;
      const format = cell.z;
      if (format !== undefined && typeof format === 'string' && XLSX.SSF.is_date(format))
        return excelSerialToIsoDate(value);
      return numberToPlainText(value);
    }
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return `#ERROR ${cell.w ?? ''}`.trim();
    default:
      return '';
  }
}

export function forEachWorkbookRecord(
  bytes: Uint8Array,
  limits: WorkbookLimits,
  onRecord: RecordCallback,
): { sheetName: string } {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
      dense: true,
      cellFormula: true,
      cellDates: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      bookVBA: false,
      // one more row than allowed, so "too many rows" can be told apart from "exactly the limit"
      sheetRows: limits.maxRows + 2,
    });
  } catch {
    throw new BadRequestError('The workbook could not be read: it is damaged, encrypted or not an Excel file');
  }
  const sheetName = workbook.SheetNames.find((name) => {
    const sheet = workbook.Sheets[name];
    return sheet?.['!ref'] !== undefined;
  });
  if (sheetName === undefined) throw new BadRequestError('The workbook has no data');
  const sheet = workbook.Sheets[sheetName]!;
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  const columnCount = range.e.c - range.s.c + 1;
  if (columnCount > limits.maxColumns)
    throw new BadRequestError(
      `The sheet "${sheetName}" has ${columnCount} columns; at most ${limits.maxColumns} are allowed`,
    );
  const data = (sheet['!data'] ?? []) as Array<Array<Cell | undefined> | undefined>;
  if (data.length > limits.maxRows + 1)
    throw new BadRequestError(`The sheet "${sheetName}" has more than ${limits.maxRows.toLocaleString('en-US')} rows`);
  for (let rowIndex = range.s.r; rowIndex <= Math.min(range.e.r, data.length - 1); rowIndex++) {
    const row = data[rowIndex];
    if (!row) continue;
    const cells: string[] = [];
    let lastFilled = -1;
    for (let column = range.s.c; column <= range.e.c; column++) {
      const text = cellText(row[column]);
      cells.push(text);
      if (text !== '') lastFilled = cells.length - 1;
    }
    if (lastFilled < 0) continue;
    cells.length = lastFilled + 1;
    onRecord(cells, rowIndex + 1);
  }
  return { sheetName };
}

/**
 * forEachWorkbookRecord after the container's checks (archive-guard.ts): an .xlsx must be a zip
 * within the archive caps holding a workbook part, an .xls a compound file within them. For a
 * worker thread: this is the whole synchronous read.
 */
export function forEachCheckedWorkbookRecord(
  bytes: Uint8Array,
  format: 'xls' | 'xlsx',
  limits: WorkbookLimits & ArchiveLimits & WorkbookWorkLimits,
  onRecord: RecordCallback,
): { sheetName: string } {
  if (format === 'xlsx') {
    const entries = checkZipArchive(bytes, limits, limits);
    if (!entries.some((name) => /^xl\/workbook\.(xml|bin)$/i.test(name)))
      throw new BadRequestError('The file is a zip archive but not an .xlsx workbook');
  } else {
    checkCompoundFile(bytes, limits);
  }
  return forEachWorkbookRecord(bytes, limits, onRecord);
}
