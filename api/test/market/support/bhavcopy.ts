/**
 * The 307 legacy NSE bhavcopies of ../shared/data (2019-01-01 .. 2020-03-31, 595,206 rows; see
 * shared/data/PROVENANCE.md), parsed straight from the files for the tests' independent
 * computations, and loaded into the database through the upload code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { uploadFile } from '../../../src/ingest/index.js';

export const LEGACY_BHAVCOPY_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/data/nse/bhavcopy/legacy',
);

export interface BhavcopyRow {
  symbol: string;
  series: string;
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  last: string;
  prevClose: string;
  volume: string;
  value: string;
  trades: string;
  isin: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** '23-MAR-2020' (or '23-Mar-2020') → '2020-03-23', written out independently of the app's reader. */
export function bhavcopyDate(timestamp: string): string {
  const [day, month, year] = timestamp.split('-');
  const monthIndex = MONTHS.indexOf((month ?? '').toUpperCase());
  if (!day || monthIndex < 0 || !year) throw new Error(`unexpected TIMESTAMP ${timestamp}`);
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** '2020-03-23' → '23-MAR-2020', the legacy bhavcopy's TIMESTAMP. */
export function bhavcopyTimestamp(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

export function parseBhavcopy(text: string): BhavcopyRow[] {
  const lines = text.split('\n');
  const rows: BhavcopyRow[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const c = line.split(',');
    rows.push({
      symbol: c[0] as string,
      series: c[1] as string,
      open: c[2] as string,
      high: c[3] as string,
      low: c[4] as string,
      close: c[5] as string,
      last: c[6] as string,
      prevClose: c[7] as string,
      volume: c[8] as string,
      value: c[9] as string,
      date: bhavcopyDate(c[10] as string),
      trades: c[11] as string,
      isin: c[12] as string,
    });
  }
  return rows;
}

export function legacyBhavcopyFiles(): string[] {
  return fs
    .readdirSync(LEGACY_BHAVCOPY_DIR)
    .filter((name) => name.endsWith('.csv'))
    .map((name) => path.join(LEGACY_BHAVCOPY_DIR, name));
}

/** Every row of every legacy file. */
export function readLegacyBhavcopies(files: string[] = legacyBhavcopyFiles()): BhavcopyRow[] {
  return files.flatMap((file) => parseBhavcopy(fs.readFileSync(file, 'utf8')));
}

/**
 * Uploads the files through the upload code (uploadFile, as a staff upload would), with the change
 * signal held back until the end and sent once for all dates, as the demo-data loader does: one
 * recomputation instead of one per file. Answers the dates loaded, ascending.
 */
async function uploadWithOneSignal(
  app: FastifyInstance,
  uploads: Array<[name: string, bytes: Buffer]>,
): Promise<string[]> {
  const dates = new Set<string>();
  for (const [name, bytes] of uploads) {
    const result = await uploadFile(
      app,
      'UPLOAD_STOCK_PRICE',
      name,
      bytes,
      { id: null, username: 'analysis-tests' },
      { emitEvents: false },
    );
    for (const date of result.dates) dates.add(date);
  }
  const sorted = [...dates].sort();
  await app.events.emit('market.dataChanged', { uploadType: 'UPLOAD_STOCK_PRICE', dates: sorted });
  return sorted;
}

/** Loads every legacy bhavcopy, one upload a file, with one change signal for the lot. */
export async function loadLegacyBhavcopies(
  app: FastifyInstance,
  files: string[] = legacyBhavcopyFiles(),
): Promise<string[]> {
  return uploadWithOneSignal(
    app,
    files.map((file) => [path.basename(file), fs.readFileSync(file)]),
  );
}

/**
 * As loadLegacyBhavcopies, with the files of each month sent as one file (one header, the rows of
 * every day): 15 uploads instead of 307 for the whole history, the same rows and one change signal.
 */
export async function loadLegacyBhavcopiesByMonth(
  app: FastifyInstance,
  files: string[] = legacyBhavcopyFiles(),
): Promise<string[]> {
  const months = new Map<string, string[]>();
  for (const file of files) {
    const texts = fs.readFileSync(file, 'utf8').replace(/\n+$/, '').split('\n');
    const month = bhavcopyDate(texts[1]!.split(',')[10]!).slice(0, 7);
    months.set(month, [...(months.get(month) ?? [texts[0]!]), ...texts.slice(1)]);
  }
  return uploadWithOneSignal(
    app,
    [...months]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, lines]) => [`bhavcopies-${month}.csv`, Buffer.from(`${lines.join('\n')}\n`)]),
  );
}
