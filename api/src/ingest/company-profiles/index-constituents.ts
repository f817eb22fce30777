/**
 * Company profile updates: NSE index constituent lists (`Company Name,Industry,Symbol,Series,
 * ISIN Code`, CRLF or LF, as NSE Indices publishes for Nifty 500, Nifty Total Market…). Known
 * companies (matched by symbol) get the list's industry and name; unknown symbols are created
 * with name, industry, series and ISIN. Other company fields are left as they are.
 */
import { matchHeader, type ForeignLayout, type LayoutSpec, type TableSource } from '../file/table.js';
import { copyLine, mergeRows, type MergeCounts } from '../merge.js';
import { ProblemList } from '../problems.js';
import type { SqlSession } from '../sql-session.js';
import { ISIN_PATTERN, SERIES_PATTERN, SYMBOL_PATTERN } from '../companies/equity-list.js';

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

export interface ParsedProfiles {
  layout: string;
  rowsInFile: number;
  lines: string[];
  /** Rows that repeat an earlier row word for word: ignored. */
  duplicatesIgnored: number;
}

export function parseIndexConstituents(table: TableSource, others: ForeignLayout[], kindTitle: string): ParsedProfiles {
  const problems = new ProblemList();
  const lines: string[] = [];
  const seen = new Map<string, { line: number; copy: string }>();
  let duplicatesIgnored = 0;
  let index: Partial<Record<ProfileColumn, number>> | undefined;
  let rowsInFile = 0;
  const name = (key: ProfileColumn) => INDEX_CONSTITUENTS.columns.find((column) => column.key === key)!.names[0]!;

  table.forEachRecord((cells, line) => {
    if (!index) {
      index = matchHeader(cells, [INDEX_CONSTITUENTS], kindTitle, others).index;
      return;
    }
    rowsInFile++;
    const cell = (key: ProfileColumn) => cells[index![key]!] ?? '';
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
    for (const key of ['companyName', 'industry'] as const) {
      const text = cell(key);
      if (text === '') problems.add(line, name(key), 'is required');
      else if (text.length > MAX_TEXT) problems.add(line, name(key), `is longer than ${MAX_TEXT} characters`);
    }
    const series = cell('series');
    if (!SERIES_PATTERN.test(series))
      problems.add(
        line,
        name('series'),
        series === '' ? 'is required' : `'${series.slice(0, 20)}' is not a valid series`,
      );
    const isin = cell('isinCode');
    if (!ISIN_PATTERN.test(isin))
      problems.add(
        line,
        name('isinCode'),
        isin === '' ? 'is required' : `'${isin.slice(0, 20)}' is not an ISIN (12 characters, e.g. INE002A01018)`,
      );
    if (problems.count > before) return;
    const copy = copyLine([symbol, cell('companyName'), cell('industry'), series, isin]);
    const earlier = seen.get(symbol);
    if (earlier === undefined) {
      seen.set(symbol, { line, copy });
      lines.push(copy);
    } else if (earlier.copy === copy) duplicatesIgnored++;
    else problems.add(line, name('symbol'), `${symbol} is already on line ${earlier.line} with other details`);
  });

  if (!index) problems.add(1, '', 'the file has no header line and no rows');
  else if (rowsInFile === 0) problems.add(2, '', 'the file has a header but no company rows');
  problems.throwIfAny('company profile');
  return { layout: INDEX_CONSTITUENTS.id, rowsInFile, lines, duplicatesIgnored };
}

export function loadCompanyProfiles(session: SqlSession, parsed: ParsedProfiles): Promise<MergeCounts> {
  return mergeRows(
    session,
    {
      target: 'companies',
      staging: [
        { name: 'symbol', type: 'varchar(50)' },
        { name: 'company_name', type: 'varchar(200)' },
        { name: 'industry', type: 'varchar(200)' },
        { name: 'series', type: 'varchar(10)' },
        { name: 'isin_code', type: 'varchar(12)' },
      ],
      conflict: { columns: ['symbol'] },
      // known companies: industry and name only (series and ISIN come from the equity list)
      updateColumns: ['company_name', 'industry'],
    },
    parsed.lines,
  );
}
