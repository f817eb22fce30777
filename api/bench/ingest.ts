/**
 * npm run bench:ingest — the 307 legacy NSE bhavcopies of ../shared/data (595,206 rows) loaded
 * through the ingestion code (ingestFile: parse, checks, one transaction per file, upload record)
 * on PGlite (on disk, as `npm start` runs it) and on a PostgreSQL server, and in the same run a
 * raw COPY of the same rows into the same table as the baseline. Then one day's file through the
 * real HTTP endpoint (multipart → answer), new and re-uploaded, with everything the app does on an
 * upload (including the analysis refresh other areas hang on market.dataChanged).
 *
 * Targets (issue 3): ingestion ≥ 0.5× raw COPY on PostgreSQL; PGlite within 3× of PostgreSQL;
 * one day's file from request to answer under 1 s.
 * Options: BENCH_FILES=<n> to load only the first n files (quick runs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { loadConfig } from '../src/config.js';
import { createStartedApp } from '../src/start.js';
import { uploadFile } from '../src/uploads/index.js';
import { inTransaction } from '../src/uploads/sql-session.js';
// @ts-expect-error plain ESM helper shared with the scripts
import { startPostgres } from '../../scripts/lib/postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LEGACY_DIR = path.resolve(here, '../../../shared/data/nse/bhavcopy/legacy');
const COLUMNS = [
  'symbol',
  'series',
  'trade_date',
  'open_price',
  'high_price',
  'low_price',
  'close_price',
  'last_price',
  'prev_close',
  'total_traded_qty',
  'total_traded_value',
  'total_trades',
  'isin',
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface BenchFile {
  name: string;
  bytes: Buffer;
  rows: number;
  date: string;
  /** The same rows as COPY text for the baseline, made by a plain conversion (no checks). */
  copyText: string;
}

function readFiles(): BenchFile[] {
  const limit = Number(process.env.BENCH_FILES ?? 0) || undefined;
  const names = fs
    .readdirSync(LEGACY_DIR)
    .filter((name) => name.endsWith('.csv'))
    .map((name) => ({ name, date: isoOf(name.slice(0, 2), name.slice(2, 5), name.slice(5, 9)) }))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit);
  return names.map(({ name, date }) => {
    const bytes = fs.readFileSync(path.join(LEGACY_DIR, name));
    const lines = bytes
      .toString('utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line !== '');
    const copyText = lines
      .map((line) => {
        const cells = line.split(',');
        const [day, month, year] = cells[10]!.split('-');
        // SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN
        return [
          cells[0],
          cells[1],
          isoOf(day!, month!, year!),
          cells[2],
          cells[3],
          cells[4],
          cells[5],
          cells[6],
          cells[7],
          cells[8],
          cells[9],
          cells[11],
          cells[12],
        ].join('\t');
      })
      .join('\n');
    return { name, bytes, rows: lines.length, date, copyText: `${copyText}\n` };
  });
}

function isoOf(day: string, month: string, year: string): string {
  return `${year}-${String(MONTHS.indexOf(month.toUpperCase()) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

async function rawCopy(handle: DatabaseHandle, files: BenchFile[]): Promise<number> {
  const started = performance.now();
  for (const file of files) {
    await inTransaction(handle, (session) => session.copyIn('stock_prices', COLUMNS, [file.copyText]));
  }
  return performance.now() - started;
}

async function rawCopyOnce(handle: DatabaseHandle, files: BenchFile[]): Promise<number> {
  const started = performance.now();
  await inTransaction(handle, (session) =>
    session.copyIn(
      'stock_prices',
      COLUMNS,
      files.map((file) => file.copyText),
    ),
  );
  return performance.now() - started;
}

async function ingestAll(handle: DatabaseHandle, files: BenchFile[]): Promise<number> {
  const started = performance.now();
  for (const file of files) {
    await uploadFile({ dbHandle: handle }, 'UPLOAD_STOCK_PRICE', file.name, file.bytes, {
      id: null,
      username: 'bench',
    });
  }
  return performance.now() - started;
}

async function emptyPrices(handle: DatabaseHandle): Promise<void> {
  await inTransaction(handle, async (session) => {
    await session.query('TRUNCATE stock_prices, stock_price_dates');
    await session.query('DELETE FROM market_data_uploads');
  });
  // the freshly emptied table starts with fresh statistics on both runs
  await inTransaction(handle, async (session) => void (await session.query('ANALYZE stock_prices')));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One day's file through the real app over HTTP: a new date, then the same file again. */
async function httpOneDay(
  handle: DatabaseHandle,
  file: BenchFile,
  dataDir: string,
): Promise<{ newDayMs: number; newDayListenersMs: number; reuploadMs: number }> {
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', STAFF_PASSWORD: 'Staff@123' },
    { dataDir, demoData: false, jwtSecret: 'bench-secret-bench-secret-bench-secret-0123', logLevel: 'silent' },
  );
  const app = await createStartedApp({ config, handle, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'staff', password: 'Staff@123' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const send = async () => {
      const form = new FormData();
      form.append('file', new Blob([file.bytes]), file.name);
      const started = performance.now();
      const response = await fetch(`${base}/insight/staff/uploads/stock-prices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${text}`);
      listeners.push((JSON.parse(text) as { listenersMs: number }).listenersMs);
      return elapsed;
    };
    const listeners: number[] = [];
    const newDayListeners: number[] = [];
    const newDay: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < 3; round++) {
      await inTransaction(handle, async (session) => {
        await session.query('DELETE FROM stock_prices WHERE trade_date = $1', [file.date]);
        await session.query('DELETE FROM stock_price_dates WHERE trade_date = $1', [file.date]);
      });
      newDay.push(await send());
      newDayListeners.push(listeners.pop()!);
      again.push(await send());
    }
    return { newDayMs: median(newDay), newDayListenersMs: median(newDayListeners), reuploadMs: median(again) };
  } finally {
    await app.close();
  }
}

interface EngineFigures {
  engine: string;
  ingestMs: number;
  rawCopyMs: number;
  rawCopyOnceMs: number;
  rows: number;
  newDayMs: number;
  /** Of the new day's time, the market.dataChanged listeners (the analysis refresh). */
  newDayListenersMs: number;
  reuploadMs: number;
}

async function benchEngine(
  engine: string,
  handle: DatabaseHandle,
  files: BenchFile[],
  dataDir: string,
): Promise<EngineFigures> {
  const rows = files.reduce((sum, file) => sum + file.rows, 0);
  await runMigrations(handle);
  // warm up both paths on one file; then each measurement twice, alternating, keeping the better
  // (the machine is shared: the better run is the one less disturbed by others)
  await ingestAll(handle, files.slice(0, 1));
  await emptyPrices(handle);
  await rawCopy(handle, files.slice(0, 1));
  const ingestRuns: number[] = [];
  const copyRuns: number[] = [];
  const onceRuns: number[] = [];
  for (let round = 0; round < 2; round++) {
    await emptyPrices(handle);
    ingestRuns.push(await ingestAll(handle, files));
    process.stdout.write(`  ${engine}: ingestFile ${fmt(ingestRuns[round]!)} ms\n`);
    await emptyPrices(handle);
    copyRuns.push(await rawCopy(handle, files));
    process.stdout.write(`  ${engine}: raw COPY per file ${fmt(copyRuns[round]!)} ms\n`);
    await emptyPrices(handle);
    onceRuns.push(await rawCopyOnce(handle, files));
    process.stdout.write(`  ${engine}: raw COPY, one statement ${fmt(onceRuns[round]!)} ms\n`);
  }
  // the table full again (as after an ingestion) for the one-day measurement
  await emptyPrices(handle);
  await ingestAll(handle, files);
  const http = await httpOneDay(handle, files[files.length - 1]!, dataDir);
  return {
    engine,
    ingestMs: Math.min(...ingestRuns),
    rawCopyMs: Math.min(...copyRuns),
    rawCopyOnceMs: Math.min(...onceRuns),
    rows,
    ...http,
  };
}

function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function main(): Promise<void> {
  const files = readFiles();
  const rows = files.reduce((sum, file) => sum + file.rows, 0);
  console.log(
    `bench:ingest — ${files.length} legacy bhavcopies, ${fmt(rows)} rows, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  const figures: EngineFigures[] = [];

  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-pglite-'));
  try {
    const handle = await openDatabase({ dataDir: pgliteDir });
    try {
      figures.push(await benchEngine('PGlite (on disk)', handle, files, pgliteDir));
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }

  const server = (await startPostgres({ fast: false })) as { url: (db?: string) => string; stop: () => void };
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-pg-'));
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const handle = await openDatabase({ databaseUrl: server.url('bench'), poolSize: 4 });
    try {
      figures.push(await benchEngine('PostgreSQL 15 (server, durable defaults)', handle, files, appDir));
    } finally {
      await handle.close();
    }
  } finally {
    server.stop();
    fs.rmSync(appDir, { recursive: true, force: true });
  }

  console.log(
    '\nengine                                   | ingestFile rows/s | raw COPY rows/s (per file) | ratio | raw COPY rows/s (one statement) | one day new / re-upload (HTTP)',
  );
  for (const figure of figures) {
    const ingestRate = (figure.rows / figure.ingestMs) * 1000;
    const copyRate = (figure.rows / figure.rawCopyMs) * 1000;
    const onceRate = (figure.rows / figure.rawCopyOnceMs) * 1000;
    console.log(
      `${figure.engine.padEnd(40)} | ${fmt(ingestRate).padStart(17)} | ${fmt(copyRate).padStart(26)} | ${fmt(ingestRate / copyRate, 2).padStart(5)} | ${fmt(onceRate).padStart(31)} | ${fmt(figure.newDayMs)} ms (listeners ${fmt(figure.newDayListenersMs)} ms) / ${fmt(figure.reuploadMs)} ms`,
    );
  }
  const [lite, server15] = figures;
  if (lite && server15) {
    const pgRate = server15.rows / server15.ingestMs;
    const liteRate = lite.rows / lite.ingestMs;
    console.log(
      `\nPostgreSQL ingestion vs raw COPY (per file): ${fmt(server15.rawCopyMs / server15.ingestMs, 2)}× (target ≥ 0.50×)`,
    );
    console.log(`PGlite ingestion time vs PostgreSQL: ${fmt(pgRate / liteRate, 2)}× slower (target ≤ 3×)`);
    console.log(
      `One day's file, request to answer (new date on a full table): PostgreSQL ${fmt(server15.newDayMs)} ms, PGlite ${fmt(lite.newDayMs)} ms (target < 1,000 ms); ` +
        `of which market.dataChanged listeners: ${fmt(server15.newDayListenersMs)} ms and ${fmt(lite.newDayListenersMs)} ms`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
