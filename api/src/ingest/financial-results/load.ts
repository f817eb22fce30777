/** Writes profit-and-loss records: one row per company, basis and quarter end, replaced when a value differs. */
import { copyLine, mergeRows, type MergeCounts } from '../merge.js';
import type { SqlSession } from '../sql-session.js';
import type { ResultRecord } from './parse.js';

export function loadFinancialResults(
  session: SqlSession,
  records: ResultRecord[],
  uploadId: number,
): Promise<MergeCounts> {
  const lines = records.map((record) =>
    copyLine([
      record.symbol,
      record.natureOfReport,
      record.reportingQuarter,
      record.dateOfStartOfReportingPeriod,
      record.dateOfEndOfReportingPeriod,
      record.dateOfStartOfFinancialYear,
      record.revenueFromOperations,
      record.otherIncome,
      record.income,
      record.expenses,
      record.profitBeforeTax,
      record.taxExpense,
      record.profitLossForPeriod,
      record.basicEarningsPerShare,
      record.dilutedEarningsPerShare,
      record.auditStatus,
      record.sourceLayout,
    ]),
  );
  const numeric = (name: string) => ({ name, type: 'numeric' });
  const date = (name: string) => ({ name, type: 'date' });
  return mergeRows(
    session,
    {
      target: 'financial_results',
      staging: [
        { name: 'symbol', type: 'varchar(50)' },
        { name: 'nature_of_report', type: 'varchar(16)' },
        { name: 'reporting_quarter', type: 'varchar(40)' },
        date('date_of_start_of_reporting_period'),
        date('date_of_end_of_reporting_period'),
        date('date_of_start_of_financial_year'),
        numeric('revenue_from_operations'),
        numeric('other_income'),
        numeric('income'),
        numeric('expenses'),
        numeric('profit_before_tax'),
        numeric('tax_expense'),
        numeric('profit_loss_for_period'),
        numeric('basic_earnings_per_share'),
        numeric('diluted_earnings_per_share'),
        { name: 'audit_status', type: 'varchar(20)' },
        { name: 'source_layout', type: 'varchar(30)' },
      ],
      conflict: { columns: ['symbol', 'nature_of_report', 'date_of_end_of_reporting_period'] },
      updateColumns: [
        'reporting_quarter',
        'date_of_start_of_reporting_period',
        'date_of_start_of_financial_year',
        'revenue_from_operations',
        'other_income',
        'income',
        'expenses',
        'profit_before_tax',
        'tax_expense',
        'profit_loss_for_period',
        'basic_earnings_per_share',
        'diluted_earnings_per_share',
        'audit_status',
        'source_layout',
      ],
      uploadId,
    },
    lines,
  );
}
