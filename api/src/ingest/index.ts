/**
 * Market-data uploads: one call per file, for the upload routes, the demo-market seeder, the
 * benchmark and other areas' tests.
 *
 *   const result = await uploadFile(app, 'UPLOAD_STOCK_PRICE', '02JAN2019.csv', bytes, { id: null, username: 'tests' });
 *
 * The file is recognised by content (csv, xls, xlsx), checked whole (any bad row: 400 with the
 * first 20 problems, nothing written), then written in ONE transaction together with its upload
 * record. After the commit, `market.dataChanged` is emitted (awaited) when data changed, so
 * whatever other areas derive from market data is fresh when this returns.
 */
import { createHash } from 'node:crypto';
import type { UploadType } from '@bazaar/shared';
import { fileTooLargeMessage, type UploadResultDto } from '@bazaar/shared/contract';
import type { ApiConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { EventBus } from '../events.js';
import { PayloadTooLargeError } from '../errors.js';
import { openTable, type FileLimits, type TableSource } from '../files/table.js';
import { foreignLayouts, UPLOAD_TYPE_INFO, type UploadTypeInfo } from './upload-types.js';
import type { MergeCounts } from './merge.js';
import { inTransaction, type SqlSession } from '../db/sql-session.js';
import { formatCount } from './values.js';
import { parseStockPrices } from './stock-prices/parse.js';
import { loadStockPrices } from './stock-prices/load.js';
import { loadEquityList, parseEquityList } from './equity-list/parse.js';
import { loadCompanyProfiles, parseIndexConstituents } from './company-profiles/index-constituents.js';
import { loadCorporateActions, parseCorporateActions } from './corporate-actions/parse.js';
import { deriveCorporateActionEvents } from '../db/queries/company/corporate-action-events.js';
import { corporateActionsReport, type CorporateActionsReport } from './corporate-actions/report.js';
import { parseFinancialResults } from './financial-results/parse.js';
import { loadFinancialResults } from './financial-results/load.js';
import { parseBalanceSheets } from './balance-sheets/parse.js';
import { loadBalanceSheets } from './balance-sheets/load.js';
import { loadIndexPrices, parseIndexPrices } from './index-prices/parse.js';

export { UPLOAD_TYPE_INFO, UPLOAD_TYPE_INFO_LIST, type UploadTypeInfo } from './upload-types.js';

/** What an upload needs from the app (a FastifyInstance has all of it). */
export interface UploadEnvironment {
  dbHandle: DatabaseHandle;
  /** When present, `market.dataChanged` is emitted after a commit that changed data. */
  events?: EventBus;
  config?: Partial<
    Pick<
      ApiConfig,
      | 'uploadMaxBytes'
      | 'uploadMaxUncompressedBytes'
      | 'uploadMaxArchiveEntries'
      | 'uploadMaxWorkbookCells'
      | 'uploadWorkbookTimeoutMs'
      | 'uploadWorkbookMemoryMb'
    >
  >;
  log?: { error(details: object, message: string): void };
}

export interface Uploader {
  /** The account that uploads (null for the demo-data loader and scripts). */
  id: number | null;
  username: string;
}

export interface UploadOptions {
  /** Emit market.dataChanged after the commit (default true). */
  emitEvents?: boolean;
  /** Index prices: the index's name (the upload's `index` field), for files that do not name it. */
  indexName?: string | undefined;
}

const DEFAULT_LIMITS = {
  uploadMaxBytes: 50 * 1024 * 1024,
  uploadMaxUncompressedBytes: 256 * 1024 * 1024,
  uploadMaxArchiveEntries: 1000,
  uploadMaxWorkbookCells: 2_000_000,
  uploadWorkbookTimeoutMs: 120_000,
  uploadWorkbookMemoryMb: 1024,
};

/** Rows a workbook sheet may have (an .xlsx sheet cannot exceed 1,048,576 anyway). */
const MAX_SHEET_ROWS = 1_048_576;
const MAX_SHEET_COLUMNS = 200;
/** Bytes the shared strings of a workbook may inflate to (legitimate files hold a few MB at most). */
const MAX_SHARED_STRING_BYTES = 64 * 1024 * 1024;

interface Outcome {
  layout: string;
  rowsInFile: number;
  dates: string[];
  counts: { inserted: number; updated: number; unchanged: number; deleted: number };
  /** "1,998 rows for 2020-03-31" — what the file held. */
  scope: string;
  extra?: string;
  /** Corporate actions: what the file was understood as (the answer's adjustingEvents, dividends, unclassified). */
  report?: CorporateActionsReport;
}

/**
 * A parsed file, ready to be written inside the transaction. `uploadId()` reserves the id of the
 * upload record for upload types that stamp their rows with it (prices do not, and save the round trip).
 */
type Prepared = (session: SqlSession, uploadId: () => Promise<number>) => Promise<Outcome>;

function dateScope(dates: string[]): string {
  if (dates.length === 0) return '';
  if (dates.length === 1) return ` for ${dates[0]}`;
  return ` for ${formatCount(dates.length)} dates from ${dates[0]} to ${dates[dates.length - 1]}`;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/** The outcome of the upload types that ignore rows repeated word for word, and say how many. */
function withRepeats(
  parsed: { layout: string; rowsInFile: number; duplicatesIgnored: number },
  counts: MergeCounts,
  scope: string,
  dates: string[] = [],
): Outcome {
  return {
    layout: parsed.layout,
    rowsInFile: parsed.rowsInFile,
    dates,
    counts: { ...counts, deleted: 0 },
    scope,
    ...(parsed.duplicatesIgnored > 0 ? { extra: `${plural(parsed.duplicatesIgnored, 'repeated row')} ignored` } : {}),
  };
}

function prepare(uploadType: UploadTypeInfo, table: TableSource, fileName: string, options: UploadOptions): Prepared {
  const others = foreignLayouts(uploadType);
  switch (uploadType.type) {
    case 'UPLOAD_INDEX_PRICES': {
      const parsed = parseIndexPrices(table, others, uploadType.label, options.indexName);
      const names =
        parsed.indexNames.length === 1 ? parsed.indexNames[0]! : plural(parsed.indexNames.length, 'index', 'indices');
      const scope = `${plural(parsed.lines.length, 'close')} of ${names}${dateScope(parsed.dates)}`;
      return async (session, uploadId) =>
        withRepeats(parsed, await loadIndexPrices(session, parsed, await uploadId()), scope, parsed.dates);
    }
    case 'UPLOAD_STOCK_PRICE': {
      const parsed = parseStockPrices(table, others, uploadType.label);
      const dates = [...parsed.rowsPerDate.keys()];
      return async (session) => ({
        layout: parsed.layout,
        rowsInFile: parsed.rowsInFile,
        dates,
        counts: await loadStockPrices(session, parsed),
        scope: `${plural(parsed.rowsInFile, 'row')}${dateScope(dates)}`,
      });
    }
    case 'UPLOAD_STOCK': {
      const parsed = parseEquityList(table, others, uploadType.label);
      const scope = plural(parsed.rowsInFile, 'company', 'companies');
      return async (session) => withRepeats(parsed, await loadEquityList(session, parsed), scope);
    }
    case 'UPLOAD_UPDATE_COMPANY_PROFILE': {
      const parsed = parseIndexConstituents(table, others, uploadType.label);
      const scope = plural(parsed.rowsInFile, 'company', 'companies');
      return async (session) => withRepeats(parsed, await loadCompanyProfiles(session, parsed), scope);
    }
    case 'UPLOAD_CORPORATE_ACTIONS': {
      const parsed = parseCorporateActions(table, others, uploadType.label);
      const scope = plural(parsed.rowsInFile, 'row');
      return async (session, uploadId) => {
        const counts = await loadCorporateActions(session, parsed, await uploadId());
        // what the actions mean for prices and holdings, re-read from all actions in the same transaction
        await deriveCorporateActionEvents(session);
        return {
          ...withRepeats(parsed, counts, scope, parsed.exDates),
          report: corporateActionsReport(parsed.actions),
        };
      };
    }
    case 'UPLOAD_FINANCIAL_REPORT': {
      const parsed = parseFinancialResults(table, fileName, others, uploadType.label);
      const dates = [...new Set(parsed.records.map((record) => record.dateOfEndOfReportingPeriod))].sort();
      const only = parsed.records.length === 1 ? parsed.records[0] : undefined;
      const unit = parsed.layout === 'XBRL_FACTS' ? 'filing' : 'quarter';
      return async (session, uploadId) => ({
        layout: parsed.layout,
        rowsInFile: parsed.rowsInFile,
        dates,
        counts: { ...(await loadFinancialResults(session, parsed.records, await uploadId())), deleted: 0 },
        scope: only
          ? `1 ${unit} for ${only.symbol}, quarter ended ${only.dateOfEndOfReportingPeriod} (${only.natureOfReport.toLowerCase()})`
          : `${plural(parsed.records.length, unit)} for ${plural(new Set(parsed.records.map((record) => record.symbol)).size, 'company', 'companies')}`,
      });
    }
    case 'UPLOAD_FINANCIAL_STATEMENT': {
      const parsed = parseBalanceSheets(table, others, uploadType.label);
      const dates = [...new Set(parsed.records.map((record) => record.dateOfEndOfReportingPeriod))].sort();
      return async (session, uploadId) => ({
        layout: parsed.layout,
        rowsInFile: parsed.rowsInFile,
        dates,
        counts: { ...(await loadBalanceSheets(session, parsed.records, await uploadId())), deleted: 0 },
        scope: `${plural(parsed.records.length, 'balance sheet')} for ${plural(new Set(parsed.records.map((record) => record.symbol)).size, 'company', 'companies')}`,
      });
    }
  }
}

function composeMessage(uploadType: UploadTypeInfo, outcome: Outcome): string {
  const { inserted, updated, unchanged, deleted } = outcome.counts;
  const parts = [`${formatCount(inserted)} new`, `${formatCount(updated)} replaced`];
  if (unchanged > 0) parts.push(`${formatCount(unchanged)} unchanged`);
  if (deleted > 0) parts.push(`${formatCount(deleted)} removed`);
  if (outcome.extra) parts.push(outcome.extra);
  return `${uploadType.noun}: ${outcome.scope} (${parts.join(', ')})`;
}

/** Keeps a file name fit for the record and for display: no path, no control characters, 255 at most. */
export function cleanFileName(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base === '' ? 'upload' : base).slice(0, 255);
}

/** The limits of an upload, the environment's over the defaults. */
export function uploadLimits(environment: UploadEnvironment): typeof DEFAULT_LIMITS {
  return { ...DEFAULT_LIMITS, ...environment.config };
}

function fileLimitsOf(limits: typeof DEFAULT_LIMITS): FileLimits {
  return {
    maxUncompressedBytes: limits.uploadMaxUncompressedBytes,
    maxEntries: limits.uploadMaxArchiveEntries,
    maxRows: MAX_SHEET_ROWS,
    maxColumns: MAX_SHEET_COLUMNS,
    maxCells: limits.uploadMaxWorkbookCells,
    maxSharedStringBytes: MAX_SHARED_STRING_BYTES,
    timeoutMs: limits.uploadWorkbookTimeoutMs,
    memoryMb: limits.uploadWorkbookMemoryMb,
  };
}

/** Lower-case hex SHA-256 of a file's bytes, as the upload record keeps it. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The trade dates a stock-price file holds, ascending, read and checked as an upload would (a bad
 * file throws the upload's 400): how a batch orders a file whose name carries no date.
 */
export async function stockPriceFileDates(environment: UploadEnvironment, bytes: Uint8Array): Promise<string[]> {
  const limits = uploadLimits(environment);
  if (bytes.length > limits.uploadMaxBytes) throw new PayloadTooLargeError(fileTooLargeMessage(limits.uploadMaxBytes));
  const prices = UPLOAD_TYPE_INFO.UPLOAD_STOCK_PRICE;
  const parsed = parseStockPrices(await openTable(bytes, fileLimitsOf(limits)), foreignLayouts(prices), prices.label);
  return [...parsed.rowsPerDate.keys()].sort();
}

export async function uploadFile(
  environment: UploadEnvironment,
  uploadType: UploadType,
  fileName: string,
  bytes: Uint8Array,
  uploader: Uploader,
  options: UploadOptions = {},
): Promise<UploadResultDto> {
  const started = performance.now();
  const info = UPLOAD_TYPE_INFO[uploadType];
  const limits = uploadLimits(environment);
  if (bytes.length > limits.uploadMaxBytes) {
    throw new PayloadTooLargeError(fileTooLargeMessage(limits.uploadMaxBytes));
  }
  const name = cleanFileName(fileName);
  const fileSha256 = sha256Hex(bytes);
  const table = await openTable(bytes, fileLimitsOf(limits));
  const write = prepare(info, table, name, options);

  const { uploadId, outcome, message } = await inTransaction(environment.dbHandle, async (session) => {
    // upload types that stamp rows with their upload (foreign key) need the record first; prices do not
    let reserved: number | undefined;
    const reserveId = async () => {
      if (reserved === undefined) {
        const [row] = await session.query<{ id: number }>(
          `INSERT INTO market_data_uploads (kind, file_name, file_sha256, file_bytes, file_format, layout, rows_in_file, rows_inserted, rows_updated, rows_unchanged, message, uploaded_by, uploaded_by_username, duration_ms)
           VALUES ($1, $2, $3, $4, $5, '', 0, 0, 0, 0, '', $6, $7, 0) RETURNING id`,
          [uploadType, name, fileSha256, bytes.length, table.format, uploader.id, uploader.username.slice(0, 50)],
        );
        reserved = row!.id;
      }
      return reserved;
    };
    const result = await write(session, reserveId);
    const text = composeMessage(info, result);
    const figures = [
      result.layout,
      result.rowsInFile,
      result.counts.inserted,
      result.counts.updated,
      result.counts.unchanged,
      result.counts.deleted,
      result.dates[0] ?? null,
      result.dates[result.dates.length - 1] ?? null,
      result.dates.length,
      text,
      Math.round(performance.now() - started),
    ];
    const [record] =
      reserved === undefined
        ? await session.query<{ id: number }>(
            `INSERT INTO market_data_uploads (layout, rows_in_file, rows_inserted, rows_updated, rows_unchanged, rows_deleted, first_date, last_date, dates_count, message, duration_ms,
               kind, file_name, file_sha256, file_bytes, file_format, uploaded_by, uploaded_by_username)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
            [
              ...figures,
              uploadType,
              name,
              fileSha256,
              bytes.length,
              table.format,
              uploader.id,
              uploader.username.slice(0, 50),
            ],
          )
        : await session.query<{ id: number }>(
            `UPDATE market_data_uploads SET layout = $1, rows_in_file = $2, rows_inserted = $3, rows_updated = $4, rows_unchanged = $5, rows_deleted = $6,
               first_date = $7, last_date = $8, dates_count = $9, message = $10, duration_ms = $11 WHERE id = $12 RETURNING id`,
            [...figures, reserved],
          );
    return { uploadId: record!.id, outcome: result, message: text };
  });
  const writtenAt = performance.now();

  const changed = outcome.counts.inserted + outcome.counts.updated + outcome.counts.deleted > 0;
  if (changed && environment.events && options.emitEvents !== false) {
    try {
      await environment.events.emit('market.dataChanged', { uploadType, dates: outcome.dates });
    } catch (error) {
      // the data is committed; a failing listener must not turn a saved upload into an error
      environment.log?.error({ err: error, uploadType }, 'market.dataChanged listener failed');
    }
  }
  const finished = performance.now();

  return {
    uploadId,
    kind: uploadType,
    message,
    fileName: name,
    fileFormat: table.format,
    layout: outcome.layout,
    fileSha256,
    rowsInFile: outcome.rowsInFile,
    ...outcome.counts,
    dates: outcome.dates,
    ...outcome.report,
    durationMs: Math.round(finished - started),
    listenersMs: Math.round(finished - writtenAt),
  };
}
