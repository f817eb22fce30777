/** Writes profit-and-loss records: one row per company, basis and quarter end, replaced when a value differs. */
import { financialResults } from '../../db/schema/index.js';
import { copyRecords, fileColumns, mergeRows, type MergeCounts } from '../merge.js';
import type { SqlSession } from '../../db/sql-session.js';
import type { ResultRecord } from './parse.js';

/** A record names its figures as the table does, so every column of the table is read from it. */
const COLUMNS = fileColumns(financialResults);

export function loadFinancialResults(
  session: SqlSession,
  records: ResultRecord[],
  uploadId: number,
): Promise<MergeCounts> {
  return mergeRows(
    session,
    { table: financialResults, conflict: ['symbol', 'natureOfReport', 'dateOfEndOfReportingPeriod'], uploadId },
    copyRecords(records, COLUMNS),
  );
}
