/**
 * Financial-statement reads behind /public/profit-and-loss and /public/balancesheet: a company's
 * most recent STATEMENT_QUARTERS periods up to a date, oldest first, of the basis asked for.
 */
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { StatementNature } from '@bazaar/shared';
import { STATEMENT_QUARTERS, type BalanceSheetDto, type ProfitAndLossDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { balanceSheets, financialResults } from '../../schema/index.js';

/**
 * The rows of the basis asked for, oldest first. The standalone basis falls back to figures whose
 * basis the source did not state (e.g. the derived quarterly profit CSV) when the company has no
 * standalone filing loaded.
 */
async function ofBasis<T>(nature: StatementNature, read: (basis: string) => Promise<T[]>): Promise<T[]> {
  let rows = await read(nature);
  if (rows.length === 0 && nature === 'STANDALONE') rows = await read('UNSPECIFIED');
  return rows.reverse();
}

/** The columns both statement tables share, for the one filter and order of their reads. */
interface StatementColumns {
  symbol: AnyPgColumn;
  natureOfReport: AnyPgColumn;
  dateOfEndOfReportingPeriod: AnyPgColumn;
}

/** A company's statements of one basis with a period end on or before `upTo`. */
function ofCompany(table: StatementColumns, symbol: string, basis: string, upTo: string): SQL | undefined {
  return and(
    eq(table.symbol, symbol),
    sql`${table.natureOfReport} = ${basis}`,
    lte(table.dateOfEndOfReportingPeriod, upTo),
  );
}

/** The most recent quarters of results with a period end on or before `upTo`. */
export async function getProfitAndLoss(
  db: Database,
  symbol: string,
  upTo: string,
  nature: StatementNature,
): Promise<ProfitAndLossDto[]> {
  return ofBasis(nature, (basis) =>
    db
      .select({
        symbol: financialResults.symbol,
        natureOfReport: financialResults.natureOfReport,
        reportingQuarter: financialResults.reportingQuarter,
        dateOfStartOfReportingPeriod: financialResults.dateOfStartOfReportingPeriod,
        dateOfEndOfReportingPeriod: financialResults.dateOfEndOfReportingPeriod,
        dateOfStartOfFinancialYear: financialResults.dateOfStartOfFinancialYear,
        revenueFromOperations: financialResults.revenueFromOperations,
        otherIncome: financialResults.otherIncome,
        income: financialResults.income,
        expenses: financialResults.expenses,
        profitBeforeTax: financialResults.profitBeforeTax,
        taxExpense: financialResults.taxExpense,
        profitLossForPeriod: financialResults.profitLossForPeriod,
        basicEarningsPerShare: financialResults.basicEarningsPerShare,
        dilutedEarningsPerShare: financialResults.dilutedEarningsPerShare,
        auditStatus: financialResults.auditStatus,
      })
      .from(financialResults)
      .where(ofCompany(financialResults, symbol, basis, upTo))
      .orderBy(desc(financialResults.dateOfEndOfReportingPeriod))
      .limit(STATEMENT_QUARTERS),
  );
}

/** The most recent balance sheets dated on or before `upTo` (same basis rule). */
export async function getBalanceSheets(
  db: Database,
  symbol: string,
  upTo: string,
  nature: StatementNature,
): Promise<BalanceSheetDto[]> {
  return ofBasis(nature, (basis) =>
    db
      .select({
        symbol: balanceSheets.symbol,
        natureOfReport: balanceSheets.natureOfReport,
        dateOfEndOfReportingPeriod: balanceSheets.dateOfEndOfReportingPeriod,
        dateOfStartOfFinancialYear: balanceSheets.dateOfStartOfFinancialYear,
        nonCurrentAssets: balanceSheets.nonCurrentAssets,
        currentAssets: balanceSheets.currentAssets,
        totalAssets: balanceSheets.totalAssets,
        equityShareCapital: balanceSheets.equityShareCapital,
        otherEquity: balanceSheets.otherEquity,
        totalEquity: balanceSheets.totalEquity,
        nonControllingInterest: balanceSheets.nonControllingInterest,
        nonCurrentLiabilities: balanceSheets.nonCurrentLiabilities,
        currentLiabilities: balanceSheets.currentLiabilities,
        totalLiabilities: balanceSheets.totalLiabilities,
        totalEquityAndLiabilities: balanceSheets.totalEquityAndLiabilities,
      })
      .from(balanceSheets)
      .where(ofCompany(balanceSheets, symbol, basis, upTo))
      .orderBy(desc(balanceSheets.dateOfEndOfReportingPeriod))
      .limit(STATEMENT_QUARTERS),
  );
}
