/** Writes balance sheets: one row per company, basis and date, replaced when a value differs. */
import { copyLine, mergeRows, type MergeCounts } from '../merge.js';
import type { SqlSession } from '../sql-session.js';
import { BALANCE_SHEET_ELEMENTS, type BalanceSheetRecord } from './parse.js';

export function loadBalanceSheets(
  session: SqlSession,
  records: BalanceSheetRecord[],
  uploadId: number,
): Promise<MergeCounts> {
  const lines = records.map((record) =>
    copyLine([
      record.symbol,
      record.natureOfReport,
      record.dateOfEndOfReportingPeriod,
      record.dateOfStartOfFinancialYear,
      ...BALANCE_SHEET_ELEMENTS.map((item) => record.amounts[item.element] ?? null),
      record.sourceLayout,
    ]),
  );
  return mergeRows(
    session,
    {
      target: 'balance_sheets',
      staging: [
        { name: 'symbol', type: 'varchar(50)' },
        { name: 'nature_of_report', type: 'varchar(16)' },
        { name: 'date_of_end_of_reporting_period', type: 'date' },
        { name: 'date_of_start_of_financial_year', type: 'date' },
        ...BALANCE_SHEET_ELEMENTS.map((item) => ({ name: item.column, type: 'numeric' })),
        { name: 'source_layout', type: 'varchar(30)' },
      ],
      conflict: { columns: ['symbol', 'nature_of_report', 'date_of_end_of_reporting_period'] },
      updateColumns: [
        'date_of_start_of_financial_year',
        ...BALANCE_SHEET_ELEMENTS.map((item) => item.column),
        'source_layout',
      ],
      uploadId,
    },
    lines,
  );
}
