/**
 * Financial report (profit and loss), in two layouts:
 * - NSE XBRL financial-results filings as element/fact sheets (see facts.ts). The quarter's own
 *   figures are the OneD facts. Ind-AS companies file Income, Expenses and ProfitLossForPeriod;
 *   banks file Income, ExpenditureExcludingProvisionsAndContingencies,
 *   ProvisionsOtherThanTaxAndContingencies and ProfitLossForThePeriod (expenses = the sum of the
 *   two, i.e. total expenses before exceptional items and tax, as Ind-AS "Expenses"). NBFCs use
 *   the Ind-AS names. Standalone and consolidated filings are stored apart.
 * - The quarterly profit/EPS CSV (`DateOfEndOfReportingPeriod,ProfitLossForThePeriod,
 *   BasicEarningsPerShareAfterExtraordinaryItems,NumberOfSharesOutstanding`, one company per file,
 *   dates like '31Dec2024'): the symbol is a Symbol column when present, otherwise the file's name
 *   ('tcs.csv' → TCS); income and expenses are unknown and the basis is UNSPECIFIED.
 */
import Big from 'big.js';
import type { ForeignLayout, LayoutSpec, TableSource } from '../../files/table.js';
import { ProblemList } from '../problems.js';
import { cellReader } from '../rows.js';
import { derivedReportingQuarter, readDate, readDecimal, startOfFinancialYear } from '../values.js';
import { isFileSymbol } from '../securities.js';
import { parseFilingsOrTable, XBRL_FACTS, type Filing } from './facts.js';
import type { NatureOfReport } from '../../db/schema/company.js';

type PatColumn = 'date' | 'profit' | 'basicEps' | 'shares' | 'symbol' | 'nature';

export const PAT_EPS_CSV: LayoutSpec<PatColumn> = {
  id: 'PAT_EPS_CSV',
  title: 'quarterly profit and EPS table',
  columns: [
    { key: 'symbol', names: ['Symbol'], required: false },
    { key: 'nature', names: ['NatureOfReportStandaloneConsolidated'], required: false },
    { key: 'date', names: ['DateOfEndOfReportingPeriod'], required: true },
    { key: 'profit', names: ['ProfitLossForThePeriod', 'ProfitLossForPeriod'], required: true },
    {
      key: 'basicEps',
      names: ['BasicEarningsPerShareAfterExtraordinaryItems', 'BasicEarningsPerShare'],
      required: false,
    },
    { key: 'shares', names: ['NumberOfSharesOutstanding'], required: false },
  ],
};

export const RESULT_LAYOUTS: LayoutSpec[] = [XBRL_FACTS, PAT_EPS_CSV];

export interface ResultRecord {
  /** Line of the file the record comes from (the filing's first fact). */
  line: number;
  symbol: string;
  natureOfReport: NatureOfReport;
  reportingQuarter: string;
  dateOfStartOfReportingPeriod: string | null;
  dateOfEndOfReportingPeriod: string;
  dateOfStartOfFinancialYear: string;
  revenueFromOperations: string | null;
  otherIncome: string | null;
  income: string | null;
  expenses: string | null;
  profitBeforeTax: string | null;
  taxExpense: string | null;
  profitLossForPeriod: string;
  basicEarningsPerShare: string | null;
  dilutedEarningsPerShare: string | null;
  auditStatus: string | null;
  sourceLayout: string;
}

export interface ParsedResults {
  layout: string;
  rowsInFile: number;
  records: ResultRecord[];
}

/** Balance-sheet elements: a fact sheet made only of these belongs to the financial statement upload. */
const BALANCE_SHEET_HINTS = ['Assets', 'EquityAndLiabilities'];

export function readNature(text: string): NatureOfReport | undefined {
  const normalised = text.trim().toUpperCase();
  if (normalised === 'STANDALONE') return 'STANDALONE';
  if (normalised === 'CONSOLIDATED') return 'CONSOLIDATED';
  if (normalised === '' || normalised === 'UNSPECIFIED') return 'UNSPECIFIED';
  return undefined;
}

/** What a nature of report that is neither basis is told (after the start of its text). */
export const NOT_A_NATURE = 'is neither Standalone nor Consolidated';

/** A Symbol cell: a problem when it is empty or not a symbol. */
export function checkSymbolCell(symbol: string, line: number, problems: ProblemList): void {
  if (!isFileSymbol(symbol)) problems.addInvalid(line, 'Symbol', symbol, 'is not a valid symbol', 60);
}

/** A DateOfEndOfReportingPeriod cell as a date; a problem when it is empty or not a date (`expected` says how). */
export function readEndDateCell(
  text: string,
  line: number,
  problems: ProblemList,
  expected: string,
): string | undefined {
  const date = readDate(text);
  if (!date)
    problems.addInvalid(line, 'DateOfEndOfReportingPeriod', text, `is not a valid date (expected ${expected})`);
  return date;
}

export function symbolFromFileName(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(csv|xlsx?|txt)$/i, '').toUpperCase();
  return isFileSymbol(stem) ? stem : undefined;
}

export function parseFinancialResults(
  table: TableSource,
  fileName: string,
  others: ForeignLayout[],
  uploadLabel: string,
): ParsedResults {
  const fileSymbol = symbolFromFileName(fileName);
  return parseFilingsOrTable<ResultRecord>(table, {
    layouts: RESULT_LAYOUTS,
    uploadLabel,
    others,
    readRow: (cells, line, index, problems) => readPatRow(cells, line, index, fileSymbol, problems),
    readFiling: (filing, problems) => readResultFiling(filing, problems, uploadLabel),
    filings: 'financial results',
    describe: (record) =>
      `${record.symbol} ${record.natureOfReport.toLowerCase()} results for the quarter ended ${record.dateOfEndOfReportingPeriod}`,
    what: 'financial results',
  });
}

function readPatRow(
  cells: string[],
  line: number,
  index: Partial<Record<string, number>>,
  fileSymbol: string | undefined,
  problems: ProblemList,
): ResultRecord | undefined {
  const cell = cellReader<PatColumn>(cells, index);
  const before = problems.count;
  let symbol = cell('symbol');
  if (index.symbol === undefined) {
    if (!fileSymbol) {
      problems.add(
        line,
        'Symbol',
        'the file has no Symbol column and its name is not a symbol (name it like tcs.csv, or add a Symbol column)',
      );
      return undefined;
    }
    symbol = fileSymbol;
  } else {
    checkSymbolCell(symbol, line, problems);
  }
  const natureText = cell('nature');
  const natureOfReport = readNature(natureText);
  if (!natureOfReport) problems.addInvalid(line, 'NatureOfReportStandaloneConsolidated', natureText, NOT_A_NATURE);
  const date = readEndDateCell(cell('date'), line, problems, 'e.g. 31Dec2024 or 2024-12-31');
  const profitText = cell('profit');
  const profit = readDecimal(profitText);
  if (profit === undefined) problems.addInvalid(line, 'ProfitLossForThePeriod', profitText, 'is not a number');
  const epsText = cell('basicEps');
  const eps = epsText === '' ? null : (readDecimal(epsText) ?? null);
  if (epsText !== '' && eps === null)
    problems.addInvalid(line, 'BasicEarningsPerShareAfterExtraordinaryItems', epsText, 'is not a number');
  const sharesText = cell('shares');
  if (sharesText !== '' && readDecimal(sharesText) === undefined)
    problems.addInvalid(line, 'NumberOfSharesOutstanding', sharesText, 'is not a number');
  if (problems.count > before || !date || profit === undefined || !natureOfReport) return undefined;
  return {
    line,
    symbol,
    natureOfReport,
    reportingQuarter: derivedReportingQuarter(date),
    dateOfStartOfReportingPeriod: null,
    dateOfEndOfReportingPeriod: date,
    dateOfStartOfFinancialYear: startOfFinancialYear(date),
    revenueFromOperations: null,
    otherIncome: null,
    income: null,
    expenses: null,
    profitBeforeTax: null,
    taxExpense: null,
    profitLossForPeriod: profit,
    basicEarningsPerShare: eps,
    dilutedEarningsPerShare: null,
    auditStatus: null,
    sourceLayout: PAT_EPS_CSV.id,
  };
}

/** A general fact's text, or a problem at the filing's first line when it is required and absent. */
export function generalFact(
  filing: Filing,
  element: string,
  problems: ProblemList,
  required: boolean,
): string | undefined {
  const fact = filing.general.get(element);
  if (!fact || fact.value === '') {
    if (required) problems.add(filing.line, 'Element Name', `the filing starting here has no ${element} fact`);
    return undefined;
  }
  return fact.value;
}

/** A decimal fact under a context; undefined when absent; a problem when not a number. */
export function amountFact(
  filing: Filing,
  context: string,
  element: string,
  problems: ProblemList,
): string | undefined {
  const fact = filing.contextual.get(`${context}:${element}`);
  if (!fact || fact.value === '') return undefined;
  const value = readDecimal(fact.value);
  if (value === undefined)
    problems.add(fact.line, 'Fact Value', `${element}: '${fact.value.slice(0, 30)}' is not a number`);
  return value;
}

/** A problem with a general fact's value, at the fact's line. */
function factProblem(filing: Filing, element: string, problems: ProblemList, says: string): void {
  problems.add(filing.general.get(element)!.line, 'Fact Value', `${element}: ${says}`);
}

export function filingDate(
  filing: Filing,
  element: string,
  problems: ProblemList,
  required: boolean,
): string | undefined {
  const text = generalFact(filing, element, problems, required);
  if (text === undefined) return undefined;
  const date = readDate(text);
  if (!date) factProblem(filing, element, problems, `'${text.slice(0, 30)}' is not a valid date (expected YYYY-MM-DD)`);
  return date;
}

export function filingNature(filing: Filing, problems: ProblemList): NatureOfReport | undefined {
  const text = generalFact(filing, 'NatureOfReportStandaloneConsolidated', problems, true);
  if (text === undefined) return undefined;
  const nature = readNature(text);
  if (!nature || nature === 'UNSPECIFIED') {
    factProblem(filing, 'NatureOfReportStandaloneConsolidated', problems, `'${text.slice(0, 30)}' ${NOT_A_NATURE}`);
    return undefined;
  }
  return nature;
}

export function filingSymbol(filing: Filing, problems: ProblemList): string | undefined {
  const symbol = generalFact(filing, 'Symbol', problems, true);
  if (symbol !== undefined && !isFileSymbol(symbol)) {
    factProblem(filing, 'Symbol', problems, `'${symbol.slice(0, 60)}' is not a valid symbol`);
    return undefined;
  }
  return symbol;
}

function readResultFiling(filing: Filing, problems: ProblemList, uploadLabel: string): ResultRecord | undefined {
  const before = problems.count;
  const symbol = filingSymbol(filing, problems);
  const end = filingDate(filing, 'DateOfEndOfReportingPeriod', problems, true);
  const start = filingDate(filing, 'DateOfStartOfReportingPeriod', problems, false);
  const fyStart = filingDate(filing, 'DateOfStartOfFinancialYear', problems, false);
  const natureOfReport = filingNature(filing, problems);
  const quarter = generalFact(filing, 'ReportingQuarter', problems, false);
  const audit = generalFact(filing, 'WhetherResultsAreAuditedOrUnaudited', problems, false);

  const q = (element: string) => amountFact(filing, 'OneD', element, problems);
  const income = q('Income');
  const profitIndAs = q('ProfitLossForPeriod');
  const profitBanking = q('ProfitLossForThePeriod');
  const profit = profitIndAs ?? profitBanking;
  let expenses = q('Expenses');
  if (expenses === undefined) {
    const expenditure = q('ExpenditureExcludingProvisionsAndContingencies');
    const provisions = q('ProvisionsOtherThanTaxAndContingencies');
    if (expenditure !== undefined) expenses = new Big(expenditure).plus(provisions ?? '0').toFixed();
  }
  if (profit === undefined && income === undefined) {
    const looksLikeBalanceSheet = BALANCE_SHEET_HINTS.every((element) => filing.contextual.has(`OneI:${element}`));
    problems.add(
      filing.line,
      'Element Name',
      looksLikeBalanceSheet
        ? `this filing holds balance-sheet facts (Assets, EquityAndLiabilities), not profit and loss: upload it as "Upload Financial Statement", not "${uploadLabel}"`
        : 'the filing has no quarterly profit and loss facts (Income and ProfitLossForPeriod under context OneD)',
    );
    return undefined;
  }
  if (income === undefined)
    problems.add(filing.line, 'Element Name', 'the filing has no Income fact for the quarter (context OneD)');
  if (expenses === undefined)
    problems.add(
      filing.line,
      'Element Name',
      'the filing has no Expenses fact for the quarter (context OneD; banks: ExpenditureExcludingProvisionsAndContingencies)',
    );
  if (profit === undefined)
    problems.add(
      filing.line,
      'Element Name',
      'the filing has no ProfitLossForPeriod fact for the quarter (context OneD)',
    );
  const revenue = q('RevenueFromOperations') ?? q('InterestEarned');
  const otherIncome = q('OtherIncome');
  const profitBeforeTax = q('ProfitBeforeTax') ?? q('ProfitLossFromOrdinaryActivitiesBeforeTax');
  const taxExpense = q('TaxExpense');
  const basicEps =
    q('BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations') ??
    q('BasicEarningsPerShareAfterExtraordinaryItems') ??
    q('BasicEarningsLossPerShareFromContinuingOperations');
  const dilutedEps =
    q('DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations') ??
    q('DilutedEarningsPerShareAfterExtraordinaryItems') ??
    q('DilutedEarningsLossPerShareFromContinuingOperations');
  if (start && end && start > end)
    problems.add(
      filing.general.get('DateOfStartOfReportingPeriod')!.line,
      'Fact Value',
      `the reporting period starts (${start}) after it ends (${end})`,
    );
  if (problems.count > before || !symbol || !end || !natureOfReport || profit === undefined) return undefined;
  return {
    line: filing.line,
    symbol,
    natureOfReport,
    reportingQuarter: (quarter ?? derivedReportingQuarter(end)).slice(0, 40),
    dateOfStartOfReportingPeriod: start ?? null,
    dateOfEndOfReportingPeriod: end,
    dateOfStartOfFinancialYear: fyStart ?? startOfFinancialYear(end),
    revenueFromOperations: revenue ?? null,
    otherIncome: otherIncome ?? null,
    income: income ?? null,
    expenses: expenses ?? null,
    profitBeforeTax: profitBeforeTax ?? null,
    taxExpense: taxExpense ?? null,
    profitLossForPeriod: profit,
    basicEarningsPerShare: basicEps ?? null,
    dilutedEarningsPerShare: dilutedEps ?? null,
    auditStatus: audit ? audit.slice(0, 20) : null,
    sourceLayout: 'XBRL_RESULTS',
  };
}
