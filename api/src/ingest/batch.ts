/**
 * Bulk backfill of stock prices (docs/product/uploads.md#bulk-backfill): many files, and zip archives
 * of them, loaded through the same per-file code as a single upload (`uploadFile`), for the batch
 * endpoint and the `npm run import` command.
 *
 * - Files are loaded in date order (the date in an NSE file name, else the first date the file holds).
 * - Each file is its own transaction: a bad file is refused alone with its reason, the others land.
 * - A file whose bytes were loaded before (same SHA-256, in the upload records or earlier in the
 *   batch) is skipped: a rerun after an interruption loads only what is missing.
 * - `market.dataChanged` is emitted ONCE at the end with every date that changed, so what other
 *   areas derive from prices is refreshed once per batch, and is current when this returns
 *   (docs/decisions.md#bulk-backfill-one-refresh-per-batch).
 */
import type { UploadBatchFileDto, UploadBatchResultDto, UploadRowProblemsDetails } from '@bazaar/shared/contract';
import { AppError } from '../errors.js';
import { findUploadsBySha256 } from '../db/queries/uploads/history.js';
import { isFileArchive, unzipFiles } from '../files/zip.js';
import {
  sha256Hex,
  stockPriceFileDates,
  uploadFile,
  uploadLimits,
  type UploadEnvironment,
  type Uploader,
} from './index.js';
import { formatCount } from './values.js';

/** One file of a batch; its bytes are read when its turn comes (the import command reads from disk). */
export interface BatchSource {
  name: string;
  /** The zip archive it came out of, if any. */
  archive: string | null;
  read(): Promise<Uint8Array> | Uint8Array;
}

export interface BatchOptions {
  /** Called after each file, in the order loaded (the import command prints progress). */
  onFile?: (file: UploadBatchFileDto, position: number, total: number) => void;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The trade date an NSE file name carries: `02JAN2019.csv`, `cm02JAN2019bhav.csv(.zip)`,
 * `BhavCopy_NSE_CM_0_0_0_20240102_F_0000.csv(.zip)`, or an ISO date; null when it has none.
 */
export function dateFromFileName(name: string): string | null {
  const legacy = /(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d{4})/i.exec(name);
  if (legacy) return validDate(Number(legacy[3]), MONTHS.indexOf(legacy[2]!.toUpperCase()) + 1, Number(legacy[1]));
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(name) ?? /(?:^|[^\d])(\d{4})(\d{2})(\d{2})(?:[^\d]|$)/.exec(name);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/**
 * The files of the inputs: an input that is a zip archive of files (by content) stands for its
 * members; one over the archive limits becomes a single source that is refused with the reason.
 * The members of all archives together share one inflation budget (UPLOAD_MAX_UNCOMPRESSED_BYTES).
 */
export function expandArchives(
  environment: UploadEnvironment,
  inputs: Array<{ name: string; bytes: Uint8Array }>,
  maxFiles: number,
): BatchSource[] {
  const limits = uploadLimits(environment);
  let budget = limits.uploadMaxUncompressedBytes;
  const sources: BatchSource[] = [];
  for (const input of inputs) {
    if (!isFileArchive(input.bytes)) {
      sources.push({ name: input.name, archive: null, read: () => input.bytes });
      continue;
    }
    try {
      const members = unzipFiles(input.name, input.bytes, {
        maxEntries: Math.min(limits.uploadMaxArchiveEntries, maxFiles),
        maxUncompressedBytes: budget,
      });
      budget -= members.reduce((sum, member) => sum + member.bytes.length, 0);
      for (const member of members) sources.push({ name: member.name, archive: input.name, read: () => member.bytes });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      sources.push({
        name: input.name,
        archive: null,
        read: () => {
          throw error;
        },
      });
    }
  }
  return sources;
}

function emptyFile(source: BatchSource, date: string | null): UploadBatchFileDto {
  return {
    file: source.name,
    archive: source.archive,
    date,
    lastDate: date,
    rows: null,
    status: 'refused',
    reason: null,
    message: null,
    problems: [],
    uploadId: null,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
  };
}

function refusal(source: BatchSource, date: string | null, error: AppError): UploadBatchFileDto {
  const details = error.details as Partial<UploadRowProblemsDetails> | undefined;
  return {
    ...emptyFile(source, date),
    reason: error.message,
    problems: Array.isArray(details?.problems) ? details.problems : [],
  };
}

interface Planned {
  source: BatchSource;
  order: number;
  date: string | null;
  /** Refused while its date was read. */
  refused?: UploadBatchFileDto;
}

/** Loads the files of a batch (see the module comment); answers every file's outcome. */
export async function uploadStockPriceBatch(
  environment: UploadEnvironment,
  sources: BatchSource[],
  uploader: Uploader,
  options: BatchOptions = {},
): Promise<UploadBatchResultDto> {
  const started = performance.now();

  // 1. the date of every file: from its name, else by reading it (a file that cannot be read is refused here)
  const plan: Planned[] = [];
  for (const [order, source] of sources.entries()) {
    const named = dateFromFileName(source.name);
    if (named) {
      plan.push({ source, order, date: named });
      continue;
    }
    try {
      const dates = await stockPriceFileDates(environment, await source.read());
      plan.push({ source, order, date: dates[0] ?? null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      plan.push({ source, order, date: null, refused: refusal(source, null, error) });
    }
  }
  // 2. date order; files without a date (refused) last, each group in the order sent
  plan.sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.order - b.order);

  // 3. one file at a time, each in its own transaction, no refresh per file
  const files: UploadBatchFileDto[] = [];
  const changedDates = new Set<string>();
  const loadedHere = new Map<string, number>();
  let listenersMs: number;
  const report = (file: UploadBatchFileDto) => {
    files.push(file);
    options.onFile?.(file, files.length, plan.length);
  };
  try {
    for (const item of plan) {
      if (item.refused) {
        report(item.refused);
        continue;
      }
      const { source, date } = item;
      try {
        const bytes = await source.read();
        const sha = sha256Hex(bytes);
        const earlier = (await findUploadsBySha256(environment.dbHandle.db, 'UPLOAD_STOCK_PRICE', [sha])).get(sha);
        const sameInBatch = loadedHere.get(sha);
        if (earlier || sameInBatch !== undefined) {
          report({
            ...emptyFile(source, earlier?.firstDate ?? date),
            lastDate: earlier?.lastDate ?? date,
            rows: earlier?.rowsInFile ?? null,
            status: 'skipped',
            reason: earlier
              ? `Already loaded: the same file was uploaded as ${earlier.fileName} (upload ${earlier.id})`
              : 'The same file appears earlier in this batch',
            uploadId: earlier?.id ?? sameInBatch ?? null,
          });
          continue;
        }
        const result = await uploadFile(environment, 'UPLOAD_STOCK_PRICE', source.name, bytes, uploader, {
          emitEvents: false,
        });
        loadedHere.set(sha, result.uploadId);
        if (result.inserted + result.updated + result.deleted > 0)
          for (const changed of result.dates) changedDates.add(changed);
        report({
          ...emptyFile(source, result.dates[0] ?? date),
          file: result.fileName,
          lastDate: result.dates[result.dates.length - 1] ?? date,
          rows: result.rowsInFile,
          status: 'ok',
          message: result.message,
          uploadId: result.uploadId,
          inserted: result.inserted,
          updated: result.updated,
          unchanged: result.unchanged,
          deleted: result.deleted,
        });
      } catch (error) {
        // a file's own fault (400, 413): refused alone; anything else (the database) stops the batch
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        report(refusal(source, date, error));
      }
    }
  } finally {
    // 4. one refresh for everything that landed, even when the batch stopped half way (each file's
    // load keeps the planner's statistics in step with the table: docs/decisions.md#statistics-after-price-loads)
    listenersMs = await emitOnce(environment, [...changedDates].sort());
  }

  const loaded = files.filter((file) => file.status === 'ok');
  const refused = files.filter((file) => file.status === 'refused').length;
  const skipped = files.filter((file) => file.status === 'skipped').length;
  const rows = loaded.reduce((sum, file) => sum + (file.rows ?? 0), 0);
  return {
    message: `${formatCount(files.length)} ${files.length === 1 ? 'file' : 'files'}: ${formatCount(loaded.length)} loaded (${formatCount(rows)} rows), ${formatCount(refused)} refused, ${formatCount(skipped)} already loaded`,
    files,
    loaded: loaded.length,
    refused,
    skipped,
    rows,
    dates: [...changedDates].sort(),
    durationMs: Math.round(performance.now() - started),
    listenersMs,
  };
}

/** Emits the batch's one `market.dataChanged` (when prices changed); answers the time it took. */
async function emitOnce(environment: UploadEnvironment, dates: string[]): Promise<number> {
  if (dates.length === 0 || !environment.events) return 0;
  const started = performance.now();
  try {
    await environment.events.emit('market.dataChanged', { uploadType: 'UPLOAD_STOCK_PRICE', dates });
  } catch (error) {
    // the files are committed; a failing listener must not turn saved uploads into an error
    environment.log?.error({ err: error, uploadType: 'UPLOAD_STOCK_PRICE' }, 'market.dataChanged listener failed');
  }
  return Math.round(performance.now() - started);
}
