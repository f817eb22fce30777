/**
 * The company area's tables (docs/product/company.md): listed companies, their corporate actions and
 * what those mean for prices and holdings, quarterly profit-and-loss results, balance sheets.
 *
 * Conventions (read by the company routes for /public/corporate-actions, /public/profit-and-loss
 * and /public/balancesheet; written by the uploads, api/src/ingest):
 * - Amounts are exact decimals (numeric, strings in TypeScript) in absolute rupees, as filed
 *   (the XBRL filings give `45369700000.00`, not crores). EPS is rupees per share.
 * - Dates are exchange/filing calendar dates (`date`, 'YYYY-MM-DD' strings), never shifted.
 * - `natureOfReport` keeps standalone and consolidated figures apart: 'STANDALONE',
 *   'CONSOLIDATED', or 'UNSPECIFIED' when the source does not say (the derived quarterly
 *   profit/EPS CSV). Read one basis at a time; prefer CONSOLIDATED, then STANDALONE.
 * - Each uploaded row remembers the upload that last wrote it (`uploadId`, null once that record is gone).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, symbolColumn, timestamps } from './columns.js';
import { marketDataUploads } from './uploads.js';

/** Values of `natureOfReport` (NSE's NatureOfReportStandaloneConsolidated, upper-cased). */
export const NATURES_OF_REPORT = ['STANDALONE', 'CONSOLIDATED', 'UNSPECIFIED'] as const;
export type NatureOfReport = (typeof NATURES_OF_REPORT)[number];
const natureOfReport = () => varchar('nature_of_report', { length: 16 }).notNull().$type<NatureOfReport>();

/** A listed company, kept by staff and by the equity-list upload. */
export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    symbol: symbolColumn().notNull(),
    companyName: varchar('company_name', { length: 200 }).notNull(),
    industry: varchar('industry', { length: 200 }),
    series: varchar('series', { length: 10 }),
    isinCode: varchar('isin_code', { length: 12 }),
    paidUpValue: numeric('paid_up_value'),
    dateOfListing: date('date_of_listing', { mode: 'string' }),
    marketLot: integer('market_lot'),
    faceValue: numeric('face_value'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('companies_symbol_key').on(table.symbol)],
);

/** The upload that last wrote a row of market data (null once that record is gone). */
const uploadRef = () => integer('upload_id').references(() => marketDataUploads.id, { onDelete: 'set null' });

/**
 * A corporate action as the exchange announces it (docs/product/company.md, Corporate actions), from
 * NSE's corporate-actions export. `purpose` is trimmed ("Bonus 1:2", "Face Value Split
 * (Sub-Division) - From Rs 2/- Per Share To Re 1/- Per Share", "Dividend - Rs 2.50 Per Share").
 * An event is identified by all its dates and purpose: the same file uploaded twice adds nothing.
 */
export const corporateActions = pgTable(
  'corporate_actions',
  {
    id: idColumn(),
    symbol: symbolColumn().notNull(),
    companyName: varchar('company_name', { length: 200 }).notNull(),
    series: varchar('series', { length: 10 }).notNull(),
    purpose: varchar('purpose', { length: 500 }).notNull(),
    /** Face value per share in rupees; null when the export leaves it empty. */
    faceValue: numeric('face_value'),
    exDate: date('ex_date', { mode: 'string' }),
    recordDate: date('record_date', { mode: 'string' }),
    /** Hidden from display (docs/product/company.md); kept because they identify the event. */
    bookClosureStartDate: date('book_closure_start_date', { mode: 'string' }),
    bookClosureEndDate: date('book_closure_end_date', { mode: 'string' }),
    uploadId: uploadRef(),
    ...timestamps(),
  },
  (table) => [
    unique('corporate_actions_event_key')
      .on(
        table.symbol,
        table.series,
        table.purpose,
        table.exDate,
        table.recordDate,
        table.bookClosureStartDate,
        table.bookClosureEndDate,
      )
      .nullsNotDistinct(),
    index('corporate_actions_symbol_ex_date_idx').on(table.symbol, table.exDate),
    index('corporate_actions_ex_date_idx').on(table.exDate),
  ],
);

/**
 * What each corporate action means for prices and holdings (docs/product/company.md, Corporate actions
 * understood): one row per adjusting event (split, consolidation, bonus: `factor` = shares after ÷
 * shares before) or dividend (`amount` per share; null when the text names none) of an action with
 * an ex-date, as parsePurpose (@bazaar/shared) reads its PURPOSE. Derived, never edited: re-derived
 * from all corporate_actions on every corporate-actions upload (a database from before the table, at start).
 * The same event announced for several series is one row (the first action keeps it).
 */
export const corporateActionEvents = pgTable(
  'corporate_action_events',
  {
    actionId: integer('action_id')
      .notNull()
      .references(() => corporateActions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    symbol: symbolColumn().notNull(),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'split' | 'consolidation' | 'bonus' | 'dividend'>(),
    factor: numeric('factor'),
    amount: numeric('amount'),
    label: varchar('label', { length: 60 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.actionId, table.seq] }),
    index('corporate_action_events_symbol_ex_date_idx').on(table.symbol, table.exDate),
    check(
      'corporate_action_events_kind_check',
      sql`${table.kind} IN ('split', 'consolidation', 'bonus', 'dividend') AND (${table.kind} = 'dividend') = (${table.factor} IS NULL)`,
    ),
  ],
);

/**
 * Quarterly profit and loss (docs/product/company.md, Fields: profit and loss: reportingQuarter, income,
 * expenses, profitLossForPeriod, dateOfEndOfReportingPeriod), one row per company, basis and
 * quarter end. Figures are the quarter's own (XBRL context OneD), not year-to-date.
 * - Ind-AS companies: income = Income, expenses = Expenses, profitLossForPeriod = ProfitLossForPeriod.
 * - Banks (and filings in the banking layout): income = Income; expenses =
 *   ExpenditureExcludingProvisionsAndContingencies + ProvisionsOtherThanTaxAndContingencies (total
 *   expenses before exceptional items and tax, as Ind-AS "Expenses"); profitLossForPeriod =
 *   ProfitLossForThePeriod.
 * - The derived quarterly profit/EPS CSV gives only profit and basic EPS: income and expenses are
 *   null and natureOfReport is UNSPECIFIED.
 * `reportingQuarter` is as filed ('First quarter', 'Half yearly' for September, 'Third quarter',
 * 'Yearly' for March); for sources that do not file it, it is derived from the period end
 * ('First quarter' … 'Fourth quarter' of the April–March financial year).
 */
export const financialResults = pgTable(
  'financial_results',
  {
    id: idColumn(),
    symbol: symbolColumn().notNull(),
    natureOfReport: natureOfReport(),
    reportingQuarter: varchar('reporting_quarter', { length: 40 }).notNull(),
    dateOfStartOfReportingPeriod: date('date_of_start_of_reporting_period', { mode: 'string' }),
    dateOfEndOfReportingPeriod: date('date_of_end_of_reporting_period', { mode: 'string' }).notNull(),
    /** Start of the financial year the quarter belongs to (April 1 in India), as filed or derived. */
    dateOfStartOfFinancialYear: date('date_of_start_of_financial_year', { mode: 'string' }).notNull(),
    revenueFromOperations: numeric('revenue_from_operations'),
    otherIncome: numeric('other_income'),
    income: numeric('income'),
    expenses: numeric('expenses'),
    profitBeforeTax: numeric('profit_before_tax'),
    taxExpense: numeric('tax_expense'),
    profitLossForPeriod: numeric('profit_loss_for_period').notNull(),
    basicEarningsPerShare: numeric('basic_earnings_per_share'),
    dilutedEarningsPerShare: numeric('diluted_earnings_per_share'),
    /** 'Audited' or 'Unaudited' as filed; null when not stated. */
    auditStatus: varchar('audit_status', { length: 20 }),
    /** Layout the figures came from: XBRL_RESULTS (element/fact workbook) or PAT_EPS_CSV. */
    sourceLayout: varchar('source_layout', { length: 30 }).notNull(),
    uploadId: uploadRef(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('financial_results_period_key').on(
      table.symbol,
      table.natureOfReport,
      table.dateOfEndOfReportingPeriod,
    ),
    index('financial_results_fy_idx').on(table.symbol, table.dateOfStartOfFinancialYear),
    check(
      'financial_results_nature_check',
      sql`${table.natureOfReport} in ('STANDALONE', 'CONSOLIDATED', 'UNSPECIFIED')`,
    ),
  ],
);

/**
 * Balance sheet (statement of assets and liabilities) at a period end, one row per company, basis
 * and date (docs/product/company.md: records with dateOfEndOfReportingPeriod). No public sample exists; the
 * accepted layouts (element/fact workbook with context OneI, or a tabular CSV, both with the
 * element names below) are described by GET /insight/staff/uploads/types and the template on the
 * upload screen. totalAssets must equal totalEquityAndLiabilities.
 */
export const balanceSheets = pgTable(
  'balance_sheets',
  {
    id: idColumn(),
    symbol: symbolColumn().notNull(),
    natureOfReport: natureOfReport(),
    dateOfEndOfReportingPeriod: date('date_of_end_of_reporting_period', { mode: 'string' }).notNull(),
    /** Start of the financial year the balance-sheet date falls in (April 1), derived. */
    dateOfStartOfFinancialYear: date('date_of_start_of_financial_year', { mode: 'string' }).notNull(),
    /** Element NonCurrentAssets. */
    nonCurrentAssets: numeric('non_current_assets'),
    /** Element CurrentAssets. */
    currentAssets: numeric('current_assets'),
    /** Element Assets (total assets). */
    totalAssets: numeric('total_assets').notNull(),
    /** Element EquityShareCapital. */
    equityShareCapital: numeric('equity_share_capital'),
    /** Element OtherEquity. */
    otherEquity: numeric('other_equity'),
    /** Element Equity (total equity attributable to owners). */
    totalEquity: numeric('total_equity'),
    /** Element NonControllingInterest (consolidated statements). */
    nonControllingInterest: numeric('non_controlling_interest'),
    /** Element NonCurrentLiabilities. */
    nonCurrentLiabilities: numeric('non_current_liabilities'),
    /** Element CurrentLiabilities. */
    currentLiabilities: numeric('current_liabilities'),
    /** Element Liabilities (total liabilities). */
    totalLiabilities: numeric('total_liabilities'),
    /** Element EquityAndLiabilities (total equity and liabilities). */
    totalEquityAndLiabilities: numeric('total_equity_and_liabilities').notNull(),
    /** Layout the figures came from: BALANCE_SHEET_FACTS or BALANCE_SHEET_TABLE. */
    sourceLayout: varchar('source_layout', { length: 30 }).notNull(),
    uploadId: uploadRef(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('balance_sheets_period_key').on(table.symbol, table.natureOfReport, table.dateOfEndOfReportingPeriod),
    index('balance_sheets_fy_idx').on(table.symbol, table.dateOfStartOfFinancialYear),
    check('balance_sheets_nature_check', sql`${table.natureOfReport} in ('STANDALONE', 'CONSOLIDATED', 'UNSPECIFIED')`),
  ],
);
