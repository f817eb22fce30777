/**
 * Company profile updates: NSE index constituent lists (`Company Name,Industry,Symbol,Series,
 * ISIN Code`, CRLF or LF, as NSE Indices publishes for Nifty 500, Nifty Total Market…). Known
 * companies (matched by symbol) get the list's industry and name; unknown symbols are created
 * with name, industry, series and ISIN. Other company fields are left as they are.
 */
import { matchHeader, type ForeignLayout, type LayoutSpec, type TableSource } from '../../files/table.js';
import { companies } from '../../db/schema/index.js';
import { copyLine, mergeRows, UniqueLines, type MergeCounts } from '../merge.js';
import { ProblemList } from '../problems.js';
import type { SqlSession } from '../../db/sql-session.js';
import { isFileSymbol, ISIN_PATTERN, NOT_A_SERIES, NOT_A_SYMBOL, NOT_AN_ISIN, SERIES_PATTERN } from '../securities.js';

type ProfileColumn = 'companyName' | 'industry' | 'symbol' | 'series' | 'isinCode';

export const INDEX_CONSTITUENTS: LayoutSpec<ProfileColumn> = {
  id: 'NSE_INDEX_CONSTITUENTS',
  title: 'NSE index constituent list',
  columns: [
    { key: 'companyName', names: ['Company Name'], required: true },
    { key: 'industry', names: ['Industry'], required: true },
    { key: 'symbol', names: ['Symbol'], required: true },
    { key: 'series', names: ['Series'], required: true },
    { key: 'isinCode', names: ['ISIN Code'], required: true },
  ],
};

const MAX_TEXT = 200;

/** The columns of each copy line (company columns, by the layout's keys). */
const PROFILE_COLUMNS = ['symbol', 'companyName', 'industry', 'series', 'isinCode'] as const;

export interface ParsedProfiles {
  layout: string;
  rowsInFile: number;
  lines: string[];
  /** Rows that repeat an earlier row word for word: ignored. */
  duplicatesIgnored: number;
}

export function parseIndexConstituents(
  table: TableSource,
  others: ForeignLayout[],
  uploadLabel: string,
): ParsedProfiles {
  const problems = new ProblemList();
  const rows = new UniqueLines();
  let index: Partial<Record<ProfileColumn, number>> | undefined;
  let rowsInFile = 0;
  const name = (key: ProfileColumn) => INDEX_CONSTITUENTS.columns.find((column) => column.key === key)!.names[0]!;

  table.forEachRecord((cells, line) => {
    if (!index) {
      index = matchHeader(cells, [INDEX_CONSTITUENTS], uploadLabel, others).index;
      return;
    }
    rowsInFile++;
    const cell = (key: ProfileColumn) => cells[index![key]!] ?? '';
    const before = problems.count;
    const symbol = cell('symbol');
    if (!isFileSymbol(symbol)) problems.addInvalid(line, name('symbol'), symbol, NOT_A_SYMBOL, 60);
    for (const key of ['companyName', 'industry'] as const) {
      const text = cell(key);
      if (text === '') problems.add(line, name(key), 'is required');
      else if (text.length > MAX_TEXT) problems.add(line, name(key), `is longer than ${MAX_TEXT} characters`);
    }
    const series = cell('series');
    if (!SERIES_PATTERN.test(series)) problems.addInvalid(line, name('series'), series, NOT_A_SERIES, 20);
    const isin = cell('isinCode');
    if (!ISIN_PATTERN.test(isin)) problems.addInvalid(line, name('isinCode'), isin, NOT_AN_ISIN, 20);
    if (problems.count > before) return;
    const earlier = rows.add(symbol, line, copyLine(PROFILE_COLUMNS.map(cell)));
    if (earlier !== undefined)
      problems.add(line, name('symbol'), `${symbol} is already on line ${earlier} with other details`);
  });

  if (!index) problems.add(1, '', 'the file has no header line and no rows');
  else if (rowsInFile === 0) problems.add(2, '', 'the file has a header but no company rows');
  problems.throwIfAny('company profile');
  return {
    layout: INDEX_CONSTITUENTS.id,
    rowsInFile,
    lines: rows.lines,
    duplicatesIgnored: rows.duplicatesIgnored,
  };
}

export function loadCompanyProfiles(session: SqlSession, parsed: ParsedProfiles): Promise<MergeCounts> {
  return mergeRows(
    session,
    // known companies: industry and name only (series and ISIN come from the equity list)
    { table: companies, columns: PROFILE_COLUMNS, conflict: ['symbol'], updateColumns: ['companyName', 'industry'] },
    parsed.lines,
  );
}
