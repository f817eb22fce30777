/**
 * Corporate actions: NSE's corporate-actions export (CF-CA-equities.csv): UTF-8 with a BOM, every
 * field quoted, purposes padded with a leading space, dates like '19-Sep-2019', '-' for a date
 * that does not apply. One row per announced event (docs/product/company.md, Corporate actions).
 * NSE's own export repeats a few events word for word (11 rows in the 2016-2025 file): such exact
 * repeats are the same event and are counted as ignored; two rows that name the same event with a
 * different company name or face value are a problem.
 */
import type { ForeignLayout, LayoutSpec, TableSource } from '../../files/table.js';
import { corporateActions } from '../../db/schema/index.js';
import { copyLine, mergeRows, UniqueLines, type MergeCounts } from '../merge.js';
import { ProblemList } from '../problems.js';
import type { SqlSession } from '../../db/sql-session.js';
import { checkRequiredText, forEachLayoutRow } from '../rows.js';
import { isEmptyMarker, readDate, readNonNegativeDecimal } from '../values.js';
import { NOT_A_SERIES, readSymbolAndName, SERIES_PATTERN } from '../securities.js';

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

export interface ParsedCorporateActions {
  layout: string;
  rowsInFile: number;
  duplicatesIgnored: number;
  lines: string[];
  exDates: string[];
  /** Each event of the file once (exact repeats counted above): what the upload reports it understood. */
  actions: Array<{ symbol: string; purpose: string; exDate: string | null }>;
}

export function parseCorporateActions(
  table: TableSource,
  others: ForeignLayout[],
  uploadLabel: string,
): ParsedCorporateActions {
  const problems = new ProblemList();
  const events = new UniqueLines();
  const exDates = new Set<string>();
  const actions: ParsedCorporateActions['actions'] = [];
  const source = { table, layouts: [CORPORATE_ACTIONS_EXPORT], uploadLabel, others };
  const { rowsInFile } = forEachLayoutRow(source, problems, 'corporate action rows', (row) => {
    const { line, cell, name } = row;
    const before = problems.count;
    const { symbol, companyName } = readSymbolAndName(row, problems);
    const series = cell('series');
    if (!SERIES_PATTERN.test(series)) problems.addInvalid(line, name('series'), series, NOT_A_SERIES, 20);
    const purpose = cell('purpose').replace(/\s+/g, ' ');
    checkRequiredText(problems, line, name('purpose'), purpose, MAX_PURPOSE);
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

    // an event is its symbol, series, purpose and dates: the rest of the line must agree
    const key = [symbol, series, purpose, exDate, recordDate, bookClosureStartDate, bookClosureEndDate].join('\u0001');
    const copy = copyLine([
      symbol,
      companyName,
      series,
      purpose,
      faceValue,
      exDate,
      recordDate,
      bookClosureStartDate,
      bookClosureEndDate,
    ]);
    const kept = events.lines.length;
    const earlier = events.add(key, line, copy);
    if (earlier !== undefined)
      problems.add(
        line,
        '',
        `repeats the event on line ${earlier} (${symbol} ${series}, "${purpose}") with a different company name or face value`,
      );
    else if (events.lines.length > kept) {
      // a new event (an exact repeat adds nothing)
      actions.push({ symbol, purpose, exDate });
      if (exDate) exDates.add(exDate);
    }
  });

  problems.throwIfAny('corporate actions');
  return {
    layout: CORPORATE_ACTIONS_EXPORT.id,
    rowsInFile,
    duplicatesIgnored: events.duplicatesIgnored,
    lines: events.lines,
    exDates: [...exDates].sort(),
    actions,
  };
}

/** Events by their identity (constraint corporate_actions_event_key); name and face value are updated. */
export function loadCorporateActions(
  session: SqlSession,
  parsed: ParsedCorporateActions,
  uploadId: number,
): Promise<MergeCounts> {
  return mergeRows(
    session,
    {
      table: corporateActions,
      columns: CORPORATE_ACTIONS_EXPORT.columns.map((column) => column.key),
      conflict: { constraint: 'corporate_actions_event_key' },
      updateColumns: ['companyName', 'faceValue'],
      uploadId,
    },
    parsed.lines,
  );
}
