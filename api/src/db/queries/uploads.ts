/**
 * Reads of the uploads area: the uploaded-dates calendar (from the per-date summary kept by every
 * price upload, so the price table is never scanned) and the history of accepted uploads.
 * Writes happen in api/src/ingest (one transaction per file, with COPY).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client.js';
import { marketDataUploads, stockPriceDates } from '../schema/ingestion.js';

/** Trading days that have prices, 'YYYY-MM-DD' ascending. */
export async function listUploadedPriceDates(db: Database): Promise<string[]> {
  const rows = await db
    .select({ tradeDate: stockPriceDates.tradeDate })
    .from(stockPriceDates)
    .orderBy(asc(stockPriceDates.tradeDate));
  return rows.map((row) => row.tradeDate);
}

export interface PriceDateCount {
  tradeDate: string;
  rowCount: number;
}

/** Trading days with how many price rows each holds, ascending. */
export async function listPriceDateCounts(db: Database): Promise<PriceDateCount[]> {
  return db
    .select({ tradeDate: stockPriceDates.tradeDate, rowCount: stockPriceDates.rowCount })
    .from(stockPriceDates)
    .orderBy(asc(stockPriceDates.tradeDate));
}

export interface UploadRecordDto {
  id: number;
  kind: string;
  fileName: string;
  fileSha256: string;
  fileBytes: number;
  fileFormat: string;
  layout: string;
  rowsInFile: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsUnchanged: number;
  rowsDeleted: number;
  firstDate: string | null;
  lastDate: string | null;
  datesCount: number;
  message: string;
  uploadedBy: string;
  uploadedAt: string;
  durationMs: number;
}

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

type RecordRow = Omit<UploadRecordDto, 'uploadedAt'> & { uploadedAt: Date };

function toDto(row: RecordRow): UploadRecordDto {
  return { ...row, uploadedAt: row.uploadedAt.toISOString() };
}

/** Accepted uploads, newest first, and how many there are in all. */
export async function listUploadHistory(
  db: Database,
  options: { limit: number; offset: number; kind?: string | undefined },
): Promise<{ total: number; items: UploadRecordDto[] }> {
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

export async function getUploadRecord(db: Database, id: number): Promise<UploadRecordDto | undefined> {
  const [row] = await db.select(recordColumns).from(marketDataUploads).where(eq(marketDataUploads.id, id));
  return row ? toDto(row) : undefined;
}

/** Whether any market data has been loaded (the demo market is loaded only into an empty one). */
export async function hasMarketData(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select (exists (select 1 from ${marketDataUploads}) or exists (select 1 from stock_prices)) as found`,
  );
  return Boolean(row?.found);
}
