/**
 * Index prices (UPLOAD_INDEX_PRICES, docs/product/uploads.md#index-prices): an index's daily values
 * in one of three real layouts (../shared/data/nse/indices, PROVENANCE.md):
 * - NSE's historical index download: `Date,Open,High,Low,Close,Shares Traded,Turnover (Rs. Cr)`,
 *   dates `02-Jan-2019` (NSE's own, fields quoted) or `2-Jan-19` (re-saved by a spreadsheet); the
 *   file does not name its index: the upload's `index` field does;
 * - NSE's daily `ind_close_all_DDMMYYYY.csv`: every index of one day (`Index Name,Index Date,Open
 *   Index Value,…,Closing Index Value,…`), `-` where a value is missing (India VIX);
 * - niftyindices.com's Total Return Index export: `"IndexName","Date","Total Returns Index"`, newest
 *   first, dates `16 Jul 2024`; stored as `<IndexName> TRI` (NIFTY 50 → NIFTY 50 TRI).
 * Names are stored in capitals. Every row checked; any problem: 400 by line, nothing written. A
 * re-upload changes nothing (rows merged by index and date).
 */
import { indexNameProblem, normaliseIndexName, TOTAL_RETURN_SUFFIX } from '@bazaar/shared';
import { BadRequestError } from '../../errors.js';
import type { ForeignLayout, LayoutSpec, TableSource } from '../../files/table.js';
import type { SqlSession } from '../../db/sql-session.js';
import { indexCloses } from '../../db/schema/index.js';
import { copyLine, mergeRows, UniqueLines, type MergeCounts } from '../merge.js';
import { ProblemList } from '../problems.js';
import { forEachLayoutRow } from '../rows.js';
import { readDate, readNonNegativeDecimal } from '../values.js';

type IndexColumn = 'indexName' | 'date' | 'open' | 'high' | 'low' | 'close' | 'extra';

export const NSE_INDEX_HISTORY: LayoutSpec<IndexColumn> = {
  id: 'NSE_INDEX_HISTORY',
  title: 'NSE historical index data',
  columns: [
    { key: 'date', names: ['Date'], required: true },
    { key: 'open', names: ['Open'], required: true },
    { key: 'high', names: ['High'], required: true },
    { key: 'low', names: ['Low'], required: true },
    { key: 'close', names: ['Close'], required: true },
    { key: 'extra', names: ['Shares Traded'], required: false },
    { key: 'extra', names: ['Turnover (Rs. Cr)', 'Turnover (₹ Cr)'], required: false },
  ],
};

export const NSE_INDEX_CLOSE_ALL: LayoutSpec<IndexColumn> = {
  id: 'NSE_INDEX_CLOSE_ALL',
  title: 'NSE daily index closes (ind_close_all)',
  columns: [
    { key: 'indexName', names: ['Index Name'], required: true },
    { key: 'date', names: ['Index Date'], required: true },
    { key: 'open', names: ['Open Index Value'], required: true },
    { key: 'high', names: ['High Index Value'], required: true },
    { key: 'low', names: ['Low Index Value'], required: true },
    { key: 'close', names: ['Closing Index Value'], required: true },
    { key: 'extra', names: ['Points Change'], required: false },
    { key: 'extra', names: ['Change(%)'], required: false },
    { key: 'extra', names: ['Volume'], required: false },
    { key: 'extra', names: ['Turnover (Rs. Cr.)'], required: false },
    { key: 'extra', names: ['P/E'], required: false },
    { key: 'extra', names: ['P/B'], required: false },
    { key: 'extra', names: ['Div Yield'], required: false },
  ],
};

export const TOTAL_RETURN_EXPORT: LayoutSpec<IndexColumn> = {
  id: 'NIFTY_TOTAL_RETURN_EXPORT',
  title: 'niftyindices.com Total Return Index export',
  columns: [
    { key: 'indexName', names: ['IndexName'], required: true },
    { key: 'date', names: ['Date'], required: true },
    { key: 'close', names: ['Total Returns Index'], required: true },
  ],
};

export const INDEX_LAYOUTS = [NSE_INDEX_HISTORY, NSE_INDEX_CLOSE_ALL, TOTAL_RETURN_EXPORT];

const SHORT_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * An index file's date: NSE's spellings (readDate: `02-Jan-2019`, `2019-01-02`), a spreadsheet's
 * `2-Jan-19` (two-digit years 00–69 are 20xx), niftyindices' `16 Jul 2024`, ind_close_all's `02-01-2019`.
 */
export function readIndexDate(text: string): string | undefined {
  const direct = readDate(text);
  if (direct) return direct;
  let match = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{2}|\d{4})$/.exec(text);
  if (match) {
    const month = SHORT_MONTHS.indexOf(match[2]!.toUpperCase()) + 1;
    const year = match[3]!.length === 2 ? (Number(match[3]) < 70 ? 2000 : 1900) + Number(match[3]) : Number(match[3]);
    return month === 0
      ? undefined
      : readDate(`${year}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`);
  }
  match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (match) return readDate(`${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`);
  return undefined;
}

export interface ParsedIndexPrices {
  layout: string;
  rowsInFile: number;
  /** COPY lines: index_name, trade_date, open, high, low, close. */
  lines: string[];
  indexNames: string[];
  dates: string[];
  duplicatesIgnored: number;
}

/**
 * `indexName`: the upload's `index` field (required for NSE's historical download, which does not
 * name its index; for the other layouts, when given, only that index's rows are loaded).
 */
export function parseIndexPrices(
  table: TableSource,
  others: ForeignLayout[],
  uploadLabel: string,
  indexName: string | undefined,
): ParsedIndexPrices {
  const wanted = indexName === undefined ? undefined : normaliseIndexName(indexName);
  if (wanted !== undefined) {
    const problem = indexNameProblem(wanted);
    if (problem) throw new BadRequestError(`index: ${problem}`);
  }
  const problems = new ProblemList();
  const rows = new UniqueLines();
  const names = new Set<string>();
  const dates = new Set<string>();
  let skipped = 0;
  const source = { table, layouts: INDEX_LAYOUTS, uploadLabel, others };
  const { layout, rowsInFile } = forEachLayoutRow(source, problems, 'index rows', (row) => {
    const { line, cell, name } = row;
    if (row.layout === NSE_INDEX_HISTORY && wanted === undefined) {
      if (line === 2)
        problems.add(
          line,
          '',
          'this layout does not name its index: send the index’s name in the "index" field (e.g. NIFTY 50)',
        );
      return;
    }
    let indexNameOfRow = wanted ?? '';
    if (row.layout !== NSE_INDEX_HISTORY) {
      const named = normaliseIndexName(cell('indexName'));
      const stored = row.layout === TOTAL_RETURN_EXPORT ? `${named}${TOTAL_RETURN_SUFFIX}` : named;
      const problem = indexNameProblem(named);
      if (problem) {
        problems.addInvalid(line, name('indexName'), cell('indexName'), `is not an index name (${problem})`);
        return;
      }
      if (wanted !== undefined && stored !== wanted && named !== wanted) {
        skipped++;
        return;
      }
      indexNameOfRow = stored;
    }
    const before = problems.count;
    const dateText = cell('date');
    const date = readIndexDate(dateText);
    if (!date) problems.addInvalid(line, name('date'), dateText, 'is not a date (e.g. 02-Jan-2019)');
    const value = (key: 'open' | 'high' | 'low' | 'close', required: boolean): string | null => {
      const text = cell(key);
      if (!required && (text === '-' || text === '')) return null;
      const read = readNonNegativeDecimal(text);
      if (read === undefined || (key === 'close' && Number(read) === 0))
        problems.addInvalid(
          line,
          name(key),
          text,
          key === 'close' ? 'is not a value above 0' : 'is not a number of zero or more',
        );
      return read ?? null;
    };
    const hasRange = row.layout !== TOTAL_RETURN_EXPORT;
    const open = hasRange ? value('open', false) : null;
    const high = hasRange ? value('high', false) : null;
    const low = hasRange ? value('low', false) : null;
    const close = value('close', true);
    if (problems.count > before || !date || close === null) return;
    const key = `${indexNameOfRow}|${date}`;
    const earlier = rows.add(key, line, copyLine([indexNameOfRow, date, open, high, low, close]));
    if (earlier !== undefined)
      problems.add(line, name('date'), `${indexNameOfRow} on ${date} is already on line ${earlier} with other values`);
    names.add(indexNameOfRow);
    dates.add(date);
  });
  problems.throwIfAny('index prices');
  if (rows.lines.length === 0)
    throw new BadRequestError(
      wanted !== undefined && skipped > 0
        ? `The file holds no rows of the index ${wanted}`
        : 'The file holds no index rows',
    );
  return {
    layout: layout!.id,
    rowsInFile,
    lines: rows.lines,
    indexNames: [...names].sort(),
    dates: [...dates].sort(),
    duplicatesIgnored: rows.duplicatesIgnored,
  };
}

/** The rows merged by index and date: a re-upload changes nothing. */
export function loadIndexPrices(
  session: SqlSession,
  parsed: ParsedIndexPrices,
  uploadId: number,
): Promise<MergeCounts> {
  return mergeRows(
    session,
    {
      table: indexCloses,
      columns: ['indexName', 'tradeDate', 'open', 'high', 'low', 'close'],
      conflict: ['indexName', 'tradeDate'],
      uploadId,
    },
    parsed.lines,
  );
}
