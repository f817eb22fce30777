/**
 * The record of accepted uploads: the history page, and whether anything was ever
 * loaded. Writes happen in api/src/ingest (the record is written in the file's own transaction).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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
  options: { limit: number; offset: number; uploadType?: UploadType | undefined },
): Promise<UploadHistoryPageDto> {
  const where = options.uploadType ? eq(marketDataUploads.kind, options.uploadType) : undefined;
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

/** An earlier accepted upload of the same bytes (by SHA-256), as a batch reports a file it skips. */
export interface EarlierUpload {
  id: number;
  fileName: string;
  uploadedAt: string;
  rowsInFile: number;
  firstDate: string | null;
  lastDate: string | null;
}

/**
 * The first accepted upload of each of these SHA-256 digests, of one upload type (docs/product/uploads.md#bulk-backfill):
 * a batch or the import command skips a file whose bytes were loaded before.
 */
export async function findUploadsBySha256(
  db: Database,
  uploadType: UploadType,
  digests: string[],
): Promise<Map<string, EarlierUpload>> {
  const found = new Map<string, EarlierUpload>();
  if (digests.length === 0) return found;
  const rows = await db
    .select({
      id: marketDataUploads.id,
      sha: marketDataUploads.fileSha256,
      fileName: marketDataUploads.fileName,
      uploadedAt: marketDataUploads.uploadedAt,
      rowsInFile: marketDataUploads.rowsInFile,
      firstDate: marketDataUploads.firstDate,
      lastDate: marketDataUploads.lastDate,
    })
    .from(marketDataUploads)
    .where(and(eq(marketDataUploads.kind, uploadType), inArray(marketDataUploads.fileSha256, [...new Set(digests)])))
    .orderBy(marketDataUploads.id);
  for (const { sha, uploadedAt, ...row } of rows)
    if (!found.has(sha)) found.set(sha, { ...row, uploadedAt: uploadedAt.toISOString() });
  return found;
}
