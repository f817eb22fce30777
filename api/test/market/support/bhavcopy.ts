/**
 * The 307 legacy NSE bhavcopies of ../shared/data (2019-01-01 .. 2020-03-31, 595,206 rows; see
 * shared/data/PROVENANCE.md), parsed straight from the files for the tests' independent
 * computations, and a test-only bulk loader (COPY) into stock_prices.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../../../src/db/client.js';

export const LEGACY_BHAVCOPY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/nse/bhavcopy/legacy');

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

const MONTHS: Record<string, string> = { JAN: '01', FEB: '02', MAR: '03', APR: '04', MAY: '05', JUN: '06', JUL: '07', AUG: '08', SEP: '09', OCT: '10', NOV: '11', DEC: '12' };

/** '23-MAR-2020' → '2020-03-23'. */
export function bhavcopyDate(timestamp: string): string {
  const [day, month, year] = timestamp.split('-');
  const monthNumber = MONTHS[month ?? ''];
  if (!day || !monthNumber || !year) throw new Error(`unexpected TIMESTAMP ${timestamp}`);
  return `${year}-${monthNumber}-${day.padStart(2, '0')}`;
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

const COLUMNS =
  'symbol, series, trade_date, open_price, high_price, low_price, close_price, last_price, prev_close, total_traded_qty, total_traded_value, total_trades, isin';

function toCsv(rows: BhavcopyRow[]): string {
  // bhavcopy values hold no commas or quotes; symbols such as M&M need no quoting either
  return rows
    .map((r) => [r.symbol, r.series, r.date, r.open, r.high, r.low, r.close, r.last, r.prevClose, r.volume, r.value, r.trades, r.isin].join(','))
    .join('\n')
    .concat('\n');
}

/**
 * Test-only bulk load of rows into stock_prices (COPY), bypassing the upload code, followed by the
 * per-day summary the ingestion keeps (stock_price_dates).
 */
export async function copyIntoStockPrices(handle: DatabaseHandle, rows: BhavcopyRow[]): Promise<void> {
  const chunkSize = 100_000;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const csv = toCsv(rows.slice(start, start + chunkSize));
    if (handle.kind === 'pglite') {
      await handle.client.query(`COPY stock_prices (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
    } else {
      const client = await handle.pool.connect();
      try {
        await pipeline(Readable.from([csv]), client.query(copyFrom(`COPY stock_prices (${COLUMNS}) FROM STDIN WITH (FORMAT csv)`)));
      } finally {
        client.release();
      }
    }
  }
  const summary = `INSERT INTO stock_price_dates (trade_date, row_count)
    SELECT trade_date, count(*) FROM stock_prices GROUP BY trade_date
    ON CONFLICT (trade_date) DO UPDATE SET row_count = excluded.row_count, updated_at = now()`;
  if (handle.kind === 'pglite') await handle.client.query(summary);
  else await handle.pool.query(summary);
}
