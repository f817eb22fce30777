/** Writes balance sheets: one row per company, basis and date, replaced when a value differs. */
import { balanceSheets } from '../../db/schema/index.js';
import { copyRecords, fileColumns, mergeRows, type MergeCounts } from '../merge.js';
import type { SqlSession } from '../../db/sql-session.js';
import { BALANCE_SHEET_ELEMENTS, type BalanceSheetRecord } from './parse.js';

const COLUMNS = fileColumns(balanceSheets);
type AmountFields = Record<(typeof BALANCE_SHEET_ELEMENTS)[number]['field'], string | null>;

export function loadBalanceSheets(
  session: SqlSession,
  records: BalanceSheetRecord[],
  uploadId: number,
): Promise<MergeCounts> {
  // the amounts go to the fields their elements name; absent ones are null
  const rows = records.map((record) => ({
    ...record,
    ...(Object.fromEntries(
      BALANCE_SHEET_ELEMENTS.map((item) => [item.field, record.amounts[item.element] ?? null]),
    ) as AmountFields),
  }));
  return mergeRows(
    session,
    { table: balanceSheets, conflict: ['symbol', 'natureOfReport', 'dateOfEndOfReportingPeriod'], uploadId },
    copyRecords(rows, COLUMNS),
  );
}
