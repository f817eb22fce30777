/**
 * The record of accepted uploads: the history page, and whether anything was ever
 * loaded. Writes happen in api/src/uploads (the record is written in the file's own transaction).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { UploadType } from '@bazaar/shared';
import type { UploadHistoryPageDto, UploadRecordDto } from '@bazaar/shared/contract';
import { queryRows, type Database } from '../../client.js';
import { marketDataUploads } from '../../schema/uploads.js';

const recordColumns = {
  id: marketDataUploads.id,
  kind: marketDataUploads.kind,
  fileName: marketDataUploads.fileName,
  fileSha256: marketDataUploads.fileSha256,
  fileBytes: marketDataUploads.fileBytes,
  fileFormat: marketDataUploads.fileFormat,
  layout: marketDataUploads.layout,
  rowsInFile: marketDataUploads.rowsInFile,
  rowsInserted: marketDataUploads.rowsInserted,
  rowsUpdated: marketDataUploads.rowsUpdated,
  rowsUnchanged: marketDataUploads.rowsUnchanged,
  rowsDeleted: marketDataUploads.rowsDeleted,
  firstDate: marketDataUploads.firstDate,
  lastDate: marketDataUploads.lastDate,
  datesCount: marketDataUploads.datesCount,
  message: marketDataUploads.message,
  uploadedBy: marketDataUploads.uploadedByUsername,
  uploadedAt: marketDataUploads.uploadedAt,
  durationMs: marketDataUploads.durationMs,
};

type RecordRow = Omit<UploadRecordDto, 'kind' | 'fileFormat' | 'uploadedAt'> & {
  kind: string;
  fileFormat: string;
  uploadedAt: Date;
};

/** The columns are text in the table; only the upload code writes them, with the contract's values. */
function toDto(row: RecordRow): UploadRecordDto {
  return {
    ...row,
    kind: row.kind as UploadRecordDto['kind'],
    fileFormat: row.fileFormat as UploadRecordDto['fileFormat'],
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** Accepted uploads, newest first, and how many there are in all. */
export async function listUploadHistory(
  db: Database,
  options: { limit: number; offset: number; kind?: UploadType | undefined },
): Promise<UploadHistoryPageDto> {
  const where = options.kind ? eq(marketDataUploads.kind, options.kind) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(recordColumns)
      .from(marketDataUploads)
      .where(where)
      .orderBy(desc(marketDataUploads.uploadedAt), desc(marketDataUploads.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(marketDataUploads)
      .where(where),
  ]);
  return { total: Number(totals[0]?.total ?? 0), items: rows.map(toDto) };
}

/** Whether any market data has been loaded (the demo market is loaded only into an empty one). */
export async function hasMarketData(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select (exists (select 1 from ${marketDataUploads}) or exists (select 1 from stock_prices)) as found`,
  );
  return Boolean(row?.found);
}
