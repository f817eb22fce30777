/**
 * Stocks (companies): NSE's list of securities available for trading, EQUITY_L.csv
 * (`SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER,
 * FACE VALUE`, headers after the first padded with a space), and the old two-column variant
 * (SYMBOL, NAME OF COMPANY) that fills only the name. Columns map onto the Company fields of
 * docs/product/company.md: companyName, symbol, series, dateOfListing, paidUpValue, marketLot, isinCode,
 * faceValue. Industry is never touched here (it comes from company profile updates), so a company
 * keeps the industry it had. Companies are matched by symbol.
 */
import type { ForeignLayout, LayoutSpec, TableSource } from '../../files/table.js';
import { companies } from '../../db/schema/index.js';
import { copyLine, mergeRows, UniqueLines, type MergeCounts } from '../merge.js';
import { ProblemList } from '../problems.js';
import type { SqlSession } from '../../db/sql-session.js';
import { forEachLayoutRow } from '../rows.js';
import { ISIN_PATTERN, NOT_A_SERIES, NOT_AN_ISIN, readSymbolAndName, SERIES_PATTERN } from '../securities.js';
import { readCount, readDate, readNonNegativeDecimal } from '../values.js';

type CompanyColumn =
  'symbol' | 'companyName' | 'series' | 'dateOfListing' | 'paidUpValue' | 'marketLot' | 'isinCode' | 'faceValue';

export const EQUITY_LIST: LayoutSpec<CompanyColumn> = {
  id: 'NSE_EQUITY_LIST',
  title: 'NSE equity list (EQUITY_L)',
  columns: [
    { key: 'symbol', names: ['SYMBOL'], required: true },
    { key: 'companyName', names: ['NAME OF COMPANY'], required: true },
    { key: 'series', names: ['SERIES'], required: true },
    { key: 'dateOfListing', names: ['DATE OF LISTING'], required: true },
    { key: 'paidUpValue', names: ['PAID UP VALUE'], required: true },
    { key: 'marketLot', names: ['MARKET LOT'], required: true },
    { key: 'isinCode', names: ['ISIN NUMBER'], required: true },
    { key: 'faceValue', names: ['FACE VALUE'], required: true },
  ],
};

export const EQUITY_LIST_NAMES_ONLY: LayoutSpec<CompanyColumn> = {
  id: 'NSE_EQUITY_LIST_NAMES',
  title: 'NSE equity list, two-column variant (SYMBOL, NAME OF COMPANY)',
  columns: [
    { key: 'symbol', names: ['SYMBOL'], required: true },
    { key: 'companyName', names: ['NAME OF COMPANY'], required: true },
  ],
};

export const COMPANY_LIST_LAYOUTS = [EQUITY_LIST, EQUITY_LIST_NAMES_ONLY];

export interface ParsedCompanies {
  layout: string;
  rowsInFile: number;
  /** COPY lines in the column order of the layout's staging table. */
  lines: string[];
  namesOnly: boolean;
  /** Rows that repeat an earlier row word for word (the old .xls list has some): ignored. */
  duplicatesIgnored: number;
}

export function parseEquityList(table: TableSource, others: ForeignLayout[], uploadLabel: string): ParsedCompanies {
  const problems = new ProblemList();
  const rows = new UniqueLines();
  const source = { table, layouts: COMPANY_LIST_LAYOUTS, uploadLabel, others };
  const { layout, rowsInFile } = forEachLayoutRow(source, problems, 'company rows', (row) => {
    const { line, cell, name } = row;
    const before = problems.count;
    const { symbol, companyName } = readSymbolAndName(row, problems);

    // a row repeated word for word is the same company; the same symbol with other details is a problem
    const keep = (copy: string) => {
      const earlier = rows.add(symbol, line, copy);
      if (earlier !== undefined)
        problems.add(line, name('symbol'), `${symbol} is already on line ${earlier} with other details`);
    };

    if (row.layout === EQUITY_LIST_NAMES_ONLY) {
      if (problems.count > before) return;
      keep(copyLine([symbol, companyName]));
      return;
    }

    const series = cell('series');
    if (!SERIES_PATTERN.test(series)) problems.addInvalid(line, name('series'), series, NOT_A_SERIES, 20);
    const listingText = cell('dateOfListing');
    const dateOfListing = readDate(listingText);
    if (!dateOfListing)
      problems.addInvalid(line, name('dateOfListing'), listingText, 'is not a valid date (expected DD-MON-YYYY)');
    const decimal = (key: 'paidUpValue' | 'faceValue') => {
      const text = cell(key);
      const value = readNonNegativeDecimal(text);
      if (value === undefined) problems.addInvalid(line, name(key), text, 'is not a number of zero or more');
      return value;
    };
    const paidUpValue = decimal('paidUpValue');
    const faceValue = decimal('faceValue');
    const lotText = cell('marketLot');
    const marketLot = readCount(lotText, 2_147_483_647);
    if (marketLot === undefined)
      problems.addInvalid(line, name('marketLot'), lotText, 'is not a whole number of zero or more');
    const isinCode = cell('isinCode');
    if (!ISIN_PATTERN.test(isinCode)) problems.addInvalid(line, name('isinCode'), isinCode, NOT_AN_ISIN, 20);
    if (problems.count > before) return;
    keep(copyLine([symbol, companyName, series, dateOfListing, paidUpValue, marketLot, isinCode, faceValue]));
  });

  problems.throwIfAny('stocks');
  return {
    layout: layout!.id,
    rowsInFile,
    lines: rows.lines,
    namesOnly: layout === EQUITY_LIST_NAMES_ONLY,
    duplicatesIgnored: rows.duplicatesIgnored,
  };
}

/** Companies by symbol; the two-column variant fills (and overwrites) only the name. */
export function loadEquityList(session: SqlSession, parsed: ParsedCompanies): Promise<MergeCounts> {
  const columns = parsed.namesOnly ? EQUITY_LIST_NAMES_ONLY.columns : EQUITY_LIST.columns;
  return mergeRows(
    session,
    { table: companies, columns: columns.map((column) => column.key), conflict: ['symbol'] },
    parsed.lines,
  );
}
