/** Financial statements: GET /public/profit-and-loss and GET /public/balancesheet. */
import { z } from 'zod';
import { dateParam, statementNatureParam, symbolParam } from '../../validation/market.js';
import { dateText, decimalText } from '../market/fields.js';

/** How many periods the profit-and-loss and balance-sheet reads answer. */
export const STATEMENT_QUARTERS = 8;

export const statementQuerySchema = z.object({
  symbol: symbolParam(),
  startDateOfFinancialYear: dateParam('startDateOfFinancialYear')
    .optional()
    .describe('Statements up to this date are answered (the web app sends today’s date); default today in India'),
  nature: statementNatureParam().optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

const amount = decimalText.nullable();

export const profitAndLossDtoSchema = z
  .object({
    symbol: z.string(),
    natureOfReport: z.string().describe('STANDALONE, CONSOLIDATED or UNSPECIFIED (the source did not say)'),
    reportingQuarter: z.string(),
    dateOfStartOfReportingPeriod: dateText.nullable(),
    dateOfEndOfReportingPeriod: dateText,
    dateOfStartOfFinancialYear: dateText,
    revenueFromOperations: amount,
    otherIncome: amount,
    income: amount,
    expenses: amount,
    profitBeforeTax: amount,
    taxExpense: amount,
    profitLossForPeriod: decimalText,
    basicEarningsPerShare: amount,
    dilutedEarningsPerShare: amount,
    auditStatus: z.string().nullable(),
  })
  .describe('One quarter’s results');
export type ProfitAndLossDto = z.infer<typeof profitAndLossDtoSchema>;

export const balanceSheetDtoSchema = z
  .object({
    symbol: z.string(),
    natureOfReport: z.string().describe('STANDALONE, CONSOLIDATED or UNSPECIFIED'),
    dateOfEndOfReportingPeriod: dateText,
    dateOfStartOfFinancialYear: dateText,
    nonCurrentAssets: amount,
    currentAssets: amount,
    totalAssets: decimalText,
    equityShareCapital: amount,
    otherEquity: amount,
    totalEquity: amount,
    nonControllingInterest: amount,
    nonCurrentLiabilities: amount,
    currentLiabilities: amount,
    totalLiabilities: amount,
    totalEquityAndLiabilities: decimalText,
  })
  .describe('A statement of assets and liabilities at a period end');
export type BalanceSheetDto = z.infer<typeof balanceSheetDtoSchema>;
