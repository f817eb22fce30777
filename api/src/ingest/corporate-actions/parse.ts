/**
 * Corporate actions: NSE's corporate-actions export (CF-CA-equities.csv): UTF-8 with a BOM, every
 * field quoted, purposes padded with a leading space, dates like '19-Sep-2019', '-' for a date
 * that does not apply. One row per announced event (spec section 3, Past corporate event).
 * NSE's own export repeats a few events word for word (11 rows in the 2016-2025 file): such exact
 * repeats are the same event and are counted as ignored; two rows that name the same event with a
 * different company name or face value are a problem.
 */
import { matchHeader, type ForeignLayout, type LayoutSpec, type TableSource } from '../file/table.js';
import { copyLine, mergeRows, type MergeCounts } from '../merge.js';
import { ProblemList } from '../problems.js';
import type { SqlSession } from '../sql-session.js';
import { isEmptyMarker, readDate, readNonNegativeDecimal } from '../values.js';
import { SERIES_PATTERN, SYMBOL_PATTERN } from '../companies/equity-list.js';

type ActionColumn =
  | 'symbol'
  | 'companyName'
  | 'series'
  | 'purpose'
  | 'faceValue'
  | 'exDate'
  | 'recordDate'
  | 'bookClosureStartDate'
  | 'bookClosureEndDate';

export const CORPORATE_ACTIONS_EXPORT: LayoutSpec<ActionColumn> = {
  id: 'NSE_CORPORATE_ACTIONS',
  title: 'NSE corporate actions export',
  columns: [
    { key: 'symbol', names: ['SYMBOL'], required: true },
    { key: 'companyName', names: ['COMPANY NAME'], required: true },
    { key: 'series', names: ['SERIES'], required: true },
    { key: 'purpose', names: ['PURPOSE'], required: true },
    { key: 'faceValue', names: ['FACE VALUE'], required: true },
    { key: 'exDate', names: ['EX-DATE'], required: true },
    { key: 'recordDate', names: ['RECORD DATE'], required: true },
    { key: 'bookClosureStartDate', names: ['BOOK CLOSURE START DATE'], required: false },
    { key: 'bookClosureEndDate', names: ['BOOK CLOSURE END DATE'], required: false },
  ],
};

const MAX_PURPOSE = 500;
const MAX_NAME = 200;

export interface ParsedCorporateActions {
  layout: string;
  rowsInFile: number;
  duplicatesIgnored: number;
  lines: string[];
  exDates: string[];
}

export function parseCorporateActions(
  table: TableSource,
  others: ForeignLayout[],
  kindTitle: string,
): ParsedCorporateActions {
  const problems = new ProblemList();
  const lines: string[] = [];
  const events = new Map<string, { line: number; companyName: string; faceValue: string | undefined }>();
  const exDates = new Set<string>();
  let index: Partial<Record<ActionColumn, number>> | undefined;
  let rowsInFile = 0;
  let duplicatesIgnored = 0;
  const name = (key: ActionColumn) => CORPORATE_ACTIONS_EXPORT.columns.find((column) => column.key === key)!.names[0]!;

  table.forEachRecord((cells, line) => {
    if (!index) {
      index = matchHeader(cells, [CORPORATE_ACTIONS_EXPORT], kindTitle, others).index;
      return;
    }
    rowsInFile++;
    const cell = (key: ActionColumn) => {
      const position = index![key];
      return position === undefined ? '' : (cells[position] ?? '');
    };
    const before = problems.count;
    const symbol = cell('symbol');
    if (!SYMBOL_PATTERN.test(symbol))
      problems.add(
        line,
        name('symbol'),
        symbol === ''
          ? 'is required'
          : `'${symbol.slice(0, 60)}' is not a valid symbol (capital letters, digits and & . _ -)`,
      );
    const companyName = cell('companyName');
    if (companyName === '') problems.add(line, name('companyName'), 'is required');
    else if (companyName.length > MAX_NAME)
      problems.add(line, name('companyName'), `is longer than ${MAX_NAME} characters`);
    const series = cell('series');
    if (!SERIES_PATTERN.test(series))
      problems.add(
        line,
        name('series'),
        series === '' ? 'is required' : `'${series.slice(0, 20)}' is not a valid series`,
      );
    const purpose = cell('purpose').replace(/\s+/g, ' ');
    if (purpose === '') problems.add(line, name('purpose'), 'is required');
    else if (purpose.length > MAX_PURPOSE)
      problems.add(line, name('purpose'), `is longer than ${MAX_PURPOSE} characters`);
    const faceValueText = cell('faceValue');
    const faceValue = isEmptyMarker(faceValueText) ? undefined : readNonNegativeDecimal(faceValueText);
    if (!isEmptyMarker(faceValueText) && faceValue === undefined)
      problems.add(line, name('faceValue'), `'${faceValueText.slice(0, 30)}' is not a number of zero or more`);

    const optionalDate = (
      key: 'exDate' | 'recordDate' | 'bookClosureStartDate' | 'bookClosureEndDate',
    ): string | null => {
      const text = cell(key);
      if (isEmptyMarker(text)) return null;
      const date = readDate(text);
      if (!date)
        problems.add(
          line,
          name(key),
          `'${text.slice(0, 30)}' is not a valid date (expected DD-Mon-YYYY, or - for none)`,
        );
      return date ?? null;
    };
    const exDate = optionalDate('exDate');
    const recordDate = optionalDate('recordDate');
    const bookClosureStartDate = optionalDate('bookClosureStartDate');
    const bookClosureEndDate = optionalDate('bookClosureEndDate');
    if (exDate === null && recordDate === null && bookClosureStartDate === null) {
      problems.add(line, name('exDate'), 'an event needs an ex-date, a record date or a book closure date');
    }
    if (bookClosureStartDate && bookClosureEndDate && bookClosureEndDate < bookClosureStartDate) {
      problems.add(
        line,
        name('bookClosureEndDate'),
        `${bookClosureEndDate} is before the book closure start ${bookClosureStartDate}`,
      );
    }
    if (problems.count > before) return;

    const key = [symbol, series, purpose, exDate, recordDate, bookClosureStartDate, bookClosureEndDate].join('\u0001');
    const earlier = events.get(key);
    if (earlier) {
      if (earlier.companyName === companyName && earlier.faceValue === faceValue) duplicatesIgnored++;
      else
        problems.add(
          line,
          '',
          `repeats the event on line ${earlier.line} (${symbol} ${series}, "${purpose}") with a different company name or face value`,
        );
      return;
    }
    events.set(key, { line, companyName, faceValue });
    if (exDate) exDates.add(exDate);
    lines.push(
      copyLine([
        symbol,
        companyName,
        series,
        purpose,
        faceValue,
        exDate,
        recordDate,
        bookClosureStartDate,
        bookClosureEndDate,
      ]),
    );
  });

  if (!index) problems.add(1, '', 'the file has no header line and no rows');
  else if (rowsInFile === 0) problems.add(2, '', 'the file has a header but no corporate action rows');
  problems.throwIfAny('corporate actions');
  return { layout: CORPORATE_ACTIONS_EXPORT.id, rowsInFile, duplicatesIgnored, lines, exDates: [...exDates].sort() };
}

export function loadCorporateActions(
  session: SqlSession,
  parsed: ParsedCorporateActions,
  uploadId: number,
): Promise<MergeCounts> {
  return mergeRows(
    session,
    {
      target: 'corporate_actions',
      staging: [
        { name: 'symbol', type: 'varchar(50)' },
        { name: 'company_name', type: 'varchar(200)' },
        { name: 'series', type: 'varchar(10)' },
        { name: 'purpose', type: 'varchar(500)' },
        { name: 'face_value', type: 'numeric' },
        { name: 'ex_date', type: 'date' },
        { name: 'record_date', type: 'date' },
        { name: 'book_closure_start_date', type: 'date' },
        { name: 'book_closure_end_date', type: 'date' },
      ],
      conflict: { constraint: 'corporate_actions_event_key' },
      updateColumns: ['company_name', 'face_value'],
      uploadId,
    },
    parsed.lines,
  );
}
