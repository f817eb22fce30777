/**
 * Helpers for the uploads tests: multipart uploads over HTTP, raw SQL on the test database (both
 * engines), a fingerprint of every market table to prove a rejected file wrote nothing, the real
 * NSE files of ../shared/data, and CSV → workbook conversion for the xlsx/xls variants.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type {
  ErrorBody,
  UploadHeaderDetails,
  UploadResultDto,
  UploadRowProblemsDetails,
} from '@bazaar/shared/contract';
import type { DatabaseHandle } from '../../src/db/client.js';
import type { HttpResult, TestApi } from '../setup/test-api.js';

/** ../shared/data beside the checkout. */
export const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/nse');

export function dataFile(relative: string): Buffer {
  return fs.readFileSync(path.join(DATA_DIR, relative));
}

/** Each upload type's endpoint, written from docs/product/uploads.md#rest-calls, in the upload screen's order. */
export const ENDPOINTS = {
  UPLOAD_CORPORATE_ACTIONS: '/insight/staff/uploads/corporate-actions',
  UPLOAD_STOCK_PRICE: '/insight/staff/uploads/stock-prices',
  UPLOAD_STOCK: '/insight/staff/uploads/stocks',
  UPLOAD_FINANCIAL_STATEMENT: '/insight/staff/uploads/financial-statement',
  UPLOAD_FINANCIAL_REPORT: '/insight/staff/uploads/financial-report',
  UPLOAD_UPDATE_COMPANY_PROFILE: '/insight/staff/uploads/upload-company-details',
  UPLOAD_INDEX_PRICES: '/insight/staff/uploads/index-prices',
} as const;

export type Kind = keyof typeof ENDPOINTS;

/** An upload's answer: the result when accepted, the error (with its row or header details) when not. */
export type UploadAnswer = UploadResultDto &
  ErrorBody & { details?: Partial<UploadRowProblemsDetails & UploadHeaderDetails> };

/** POSTs one file as multipart (part "file") to the endpoint of `kind`. */
export async function upload(
  api: TestApi,
  token: string | undefined,
  kind: Kind,
  fileName: string,
  content: Uint8Array | string,
  fieldName = 'file',
): Promise<HttpResult<UploadAnswer>> {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append(fieldName, new Blob([bytes]), fileName);
  return api.request<UploadAnswer>('POST', ENDPOINTS[kind], { token, body: form });
}

/** The legacy bhavcopy's header line, as NSE writes it (with the trailing comma). */
export const LEGACY_BHAVCOPY_HEADER =
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

/** Uploads made-up legacy bhavcopies, one file a day (its TIMESTAMP and data lines), in order; each must be accepted. */
export async function uploadBhavcopyDays(
  api: TestApi,
  token: string,
  days: Iterable<readonly [stamp: string, lines: readonly string[]]>,
): Promise<void> {
  for (const [stamp, lines] of days) {
    const answer = await upload(
      api,
      token,
      'UPLOAD_STOCK_PRICE',
      `${stamp}.csv`,
      [LEGACY_BHAVCOPY_HEADER, ...lines].join('\n'),
    );
    expect(answer.status, answer.text).toBe(200);
  }
}

/** Uploads one of the real NSE files (a path under DATA_DIR) under its own name. */
export function uploadDataFile(
  api: TestApi,
  token: string | undefined,
  kind: Kind,
  relative: string,
): Promise<HttpResult<UploadAnswer>> {
  return upload(api, token, kind, path.basename(relative), dataFile(relative));
}

/** NSE's corporate-actions export of 2016–2025 (../shared/data), uploaded whole. */
export function uploadRealCorporateActions(api: TestApi, token: string | undefined): Promise<HttpResult<UploadAnswer>> {
  return uploadDataFile(api, token, 'UPLOAD_CORPORATE_ACTIONS', 'corporate_actions/CF-CA-equities.csv');
}

/** NSE's real legacy bhavcopies of these days (e.g. 18SEP2019), then its corporate actions; each must be accepted. */
export async function uploadRealDaysAndActions(api: TestApi, token: string, days: readonly string[]): Promise<void> {
  for (const day of days) {
    const answer = await uploadDataFile(api, token, 'UPLOAD_STOCK_PRICE', `bhavcopy/legacy/${day}.csv`);
    expect(answer.status, answer.text).toBeLessThan(300);
  }
  const actions = await uploadRealCorporateActions(api, token);
  expect(actions.status, actions.text).toBeLessThan(300);
}

/** An upload the API accepted (200) with this summary message. */
export function expectAccepted(answer: HttpResult<UploadAnswer>, message: string): void {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.message).toBe(message);
}

/** A market.dataChanged signal as the uploads send it. */
export type DataChanged = { uploadType: string; dates?: string[] | undefined };

/** Appends every market.dataChanged signal the API sends from now on to `signals`, in order. */
export function recordDataChanged(api: TestApi, signals: DataChanged[]): void {
  api.app.events.on('market.dataChanged', (payload) => {
    signals.push(payload);
  });
}

/** Raw SQL on the test database; cast dates with ::text so both engines answer strings. */
export async function sqlRows<T = Record<string, unknown>>(
  handle: DatabaseHandle,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (handle.kind === 'pglite') return (await handle.client.query<T>(text, params)).rows;
  return (await handle.pool.query(text, params)).rows as T[];
}

const FINGERPRINTED = [
  ['stock_prices', 'symbol, series, trade_date'],
  ['stock_price_dates', 'trade_date'],
  ['companies', 'symbol'],
  ['corporate_actions', 'id'],
  ['financial_results', 'id'],
  ['balance_sheets', 'id'],
  ['market_data_uploads', 'id'],
] as const;

/** Row count and an md5 of every row of each market table: equal fingerprints mean nothing changed. */
export async function marketFingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, order] of FINGERPRINTED) {
    const [row] = await sqlRows<{ rows: number; digest: string | null }>(
      handle,
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY ${order})) AS digest FROM ${table} t`,
    );
    result[table] = `${row?.rows}:${row?.digest ?? ''}`;
  }
  return result;
}

/** Splits a plain CSV line (no quoted commas): enough for the bhavcopies and equity lists. */
export function plainCsvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(','));
}

/**
 * A CSV turned into a workbook with the same columns: numeric-looking cells become number cells
 * (as Excel would store them), everything else text.
 */
export function csvToWorkbook(rows: string[][], bookType: 'xlsx' | 'biff8', numbers = true): Buffer {
  const cells = rows.map((row, index) =>
    row.map((value) =>
      numbers && index > 0 && /^-?\d+(\.\d+)?$/.test(value) && value.length < 15 ? Number(value) : value,
    ),
  );
  const sheet = XLSX.utils.aoa_to_sheet(cells);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/** A minimal zip writer (deflate), enough to build workbooks, bombs and broken archives by hand. */
export { buildZip, type ZipEntry } from '../setup/zip.js';
