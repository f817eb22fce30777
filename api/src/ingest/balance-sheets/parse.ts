/**
 * Financial statement (balance sheet). No public sample of NSE balance-sheet data exists here, so
 * the project defines the layout, in the vocabulary of the XBRL results filings (names follow the
 * Ind-AS statement of assets and liabilities):
 * - Element/fact sheet: the same columns as the results filings (`Sr.No., Element Name, Period,
 *   Unit, Decimals, Fact Value`); general facts Symbol, DateOfEndOfReportingPeriod,
 *   NatureOfReportStandaloneConsolidated; amounts under the instant context OneI.
 * - Table: one balance sheet per row, columns Symbol, NatureOfReportStandaloneConsolidated,
 *   DateOfEndOfReportingPeriod and the amount elements.
 * Amount elements (absolute rupees): NonCurrentAssets, CurrentAssets, Assets*, EquityShareCapital,
 * OtherEquity, Equity, NonControllingInterest, NonCurrentLiabilities, CurrentLiabilities,
 * Liabilities, EquityAndLiabilities* (* required). The sheet must balance: Assets =
 * EquityAndLiabilities exactly. See template.ts for the downloadable template.
 */
import Big from 'big.js';
import type { ForeignLayout, LayoutSpec, TableSource } from '../../files/table.js';
import { ProblemList } from '../problems.js';
import { cellReader } from '../rows.js';
import { readDecimal, startOfFinancialYear } from '../values.js';
import { parseFilingsOrTable, XBRL_FACTS, type Filing } from '../financial-results/facts.js';
import {
  amountFact,
  checkSymbolCell,
  filingDate,
  filingNature,
  filingSymbol,
  NOT_A_NATURE,
  readEndDateCell,
  readNature,
} from '../financial-results/parse.js';
import type { NatureOfReport } from '../../db/schema/company.js';

/** One amount element: its XBRL name, the balance_sheets field (the table's column key), its label. */
const amount = <E extends string, F extends string>(element: E, field: F, label: string, required = false) => ({
  element,
  field,
  required,
  label,
});

/** The amount elements in statement order; Assets and EquityAndLiabilities are required. */
export const BALANCE_SHEET_ELEMENTS = [
  amount('NonCurrentAssets', 'nonCurrentAssets', 'Total non-current assets'),
  amount('CurrentAssets', 'currentAssets', 'Total current assets'),
  amount('Assets', 'totalAssets', 'Total assets', true),
  amount('EquityShareCapital', 'equityShareCapital', 'Equity share capital'),
  amount('OtherEquity', 'otherEquity', 'Other equity'),
  amount('Equity', 'totalEquity', 'Total equity attributable to owners'),
  amount('NonControllingInterest', 'nonControllingInterest', 'Non-controlling interest'),
  amount('NonCurrentLiabilities', 'nonCurrentLiabilities', 'Total non-current liabilities'),
  amount('CurrentLiabilities', 'currentLiabilities', 'Total current liabilities'),
  amount('Liabilities', 'totalLiabilities', 'Total liabilities'),
  amount('EquityAndLiabilities', 'totalEquityAndLiabilities', 'Total equity and liabilities', true),
];

export type BalanceSheetElement = (typeof BALANCE_SHEET_ELEMENTS)[number]['element'];

export const BALANCE_SHEET_TABLE: LayoutSpec = {
  id: 'BALANCE_SHEET_TABLE',
  title: 'balance sheet table',
  columns: [
    { key: 'symbol', names: ['Symbol'], required: true },
    { key: 'nature', names: ['NatureOfReportStandaloneConsolidated'], required: true },
    { key: 'date', names: ['DateOfEndOfReportingPeriod'], required: true },
    ...BALANCE_SHEET_ELEMENTS.map((item) => ({ key: item.element, names: [item.element], required: item.required })),
  ],
};

export const BALANCE_SHEET_LAYOUTS: LayoutSpec[] = [XBRL_FACTS, BALANCE_SHEET_TABLE];

export interface BalanceSheetRecord {
  line: number;
  symbol: string;
  natureOfReport: NatureOfReport;
  dateOfEndOfReportingPeriod: string;
  dateOfStartOfFinancialYear: string;
  amounts: Partial<Record<BalanceSheetElement, string>>;
  sourceLayout: string;
}

export interface ParsedBalanceSheets {
  layout: string;
  rowsInFile: number;
  records: BalanceSheetRecord[];
}

export function parseBalanceSheets(
  table: TableSource,
  others: ForeignLayout[],
  uploadLabel: string,
): ParsedBalanceSheets {
  return parseFilingsOrTable<BalanceSheetRecord>(table, {
    layouts: BALANCE_SHEET_LAYOUTS,
    uploadLabel,
    others,
    readRow: readTableRow,
    readFiling: (filing, problems) => readBalanceSheetFiling(filing, problems, uploadLabel),
    filings: 'balance-sheet',
    describe: (record) =>
      `${record.symbol} ${record.natureOfReport.toLowerCase()} balance sheet as of ${record.dateOfEndOfReportingPeriod}`,
    what: 'financial statement',
  });
}

function checkBalance(record: BalanceSheetRecord, line: number, problems: ProblemList): void {
  const assets = record.amounts.Assets;
  const equityAndLiabilities = record.amounts.EquityAndLiabilities;
  if (assets !== undefined && equityAndLiabilities !== undefined && !new Big(assets).eq(equityAndLiabilities)) {
    problems.add(
      line,
      'EquityAndLiabilities',
      `${equityAndLiabilities} does not equal Assets ${assets}: the balance sheet does not balance`,
    );
  }
}

function readTableRow(
  cells: string[],
  line: number,
  index: Partial<Record<string, number>>,
  problems: ProblemList,
): BalanceSheetRecord | undefined {
  const cell = cellReader(cells, index);
  const before = problems.count;
  const symbol = cell('symbol');
  checkSymbolCell(symbol, line, problems);
  const natureText = cell('nature');
  const natureOfReport = readNature(natureText);
  if (!natureOfReport || natureOfReport === 'UNSPECIFIED') {
    problems.add(
      line,
      'NatureOfReportStandaloneConsolidated',
      natureText === '' ? 'is required (Standalone or Consolidated)' : `'${natureText.slice(0, 30)}' ${NOT_A_NATURE}`,
    );
  }
  const date = readEndDateCell(cell('date'), line, problems, 'YYYY-MM-DD');
  const amounts: Partial<Record<BalanceSheetElement, string>> = {};
  for (const item of BALANCE_SHEET_ELEMENTS) {
    const text = cell(item.element);
    if (text === '') {
      if (item.required) problems.add(line, item.element, 'is required');
      continue;
    }
    const value = readDecimal(text);
    if (value === undefined) problems.addInvalid(line, item.element, text, 'is not a number');
    else amounts[item.element] = value;
  }
  if (problems.count > before || !date || !natureOfReport) return undefined;
  const record: BalanceSheetRecord = {
    line,
    symbol,
    natureOfReport,
    dateOfEndOfReportingPeriod: date,
    dateOfStartOfFinancialYear: startOfFinancialYear(date),
    amounts,
    sourceLayout: BALANCE_SHEET_TABLE.id,
  };
  checkBalance(record, line, problems);
  return problems.count > before ? undefined : record;
}

function readBalanceSheetFiling(
  filing: Filing,
  problems: ProblemList,
  uploadLabel: string,
): BalanceSheetRecord | undefined {
  const before = problems.count;
  const amounts: Partial<Record<BalanceSheetElement, string>> = {};
  for (const item of BALANCE_SHEET_ELEMENTS) {
    const value = amountFact(filing, 'OneI', item.element, problems);
    if (value !== undefined) amounts[item.element] = value;
  }
  if (amounts.Assets === undefined && amounts.EquityAndLiabilities === undefined) {
    const looksLikeResults =
      filing.contextual.has('OneD:Income') ||
      filing.contextual.has('OneD:ProfitLossForPeriod') ||
      filing.contextual.has('OneD:ProfitLossForThePeriod');
    problems.add(
      filing.line,
      'Element Name',
      looksLikeResults
        ? `this filing holds quarterly profit and loss facts, not a balance sheet: upload it as "Upload Financial Report", not "${uploadLabel}"`
        : 'the filing has no balance-sheet facts (Assets and EquityAndLiabilities under context OneI)',
    );
    return undefined;
  }
  for (const item of BALANCE_SHEET_ELEMENTS) {
    if (item.required && amounts[item.element] === undefined)
      problems.add(filing.line, 'Element Name', `the filing has no ${item.element} fact (context OneI)`);
  }
  const symbol = filingSymbol(filing, problems);
  const end = filingDate(filing, 'DateOfEndOfReportingPeriod', problems, true);
  const natureOfReport = filingNature(filing, problems);
  if (problems.count > before || !symbol || !end || !natureOfReport) return undefined;
  const record: BalanceSheetRecord = {
    line: filing.line,
    symbol,
    natureOfReport,
    dateOfEndOfReportingPeriod: end,
    dateOfStartOfFinancialYear: startOfFinancialYear(end),
    amounts,
    sourceLayout: 'BALANCE_SHEET_FACTS',
  };
  const factLine = filing.contextual.get('OneI:EquityAndLiabilities')?.line ?? filing.line;
  checkBalance(record, factLine, problems);
  return problems.count > before ? undefined : record;
}
