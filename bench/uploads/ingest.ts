/**
 * npm run bench:ingest — the 307 legacy NSE bhavcopies of ../shared/data (595,206 rows) uploaded
 * one file at a time through the staff upload endpoint of the built API process (parse, checks,
 * one transaction per file, upload record), on PGlite (on disk, as `npm start` runs it) and on a
 * PostgreSQL server with its durable defaults, and in the same run a raw COPY of the same rows
 * into the same table (straight into the database, the API stopped for PGlite) as the baseline.
 * The ingestion time is the API's own figure per upload (durationMs, from receiving the file to
 * the answer) less the market.dataChanged listeners (listenersMs: other areas refreshing what they
 * derive), summed over the files; the wall time over HTTP is printed beside it. Then one day's
 * file, new and re-uploaded, from request to answer, everything included.
 *
 * Targets: ingestion ≥ 0.5× raw COPY on PostgreSQL; PGlite within 3× of PostgreSQL;
 * one day's file from request to answer under 1 s.
 * Options: BENCH_FILES=<n> to load only the first n files; --quick: 5 files, one round.
 */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { ACCOUNTS, isoOf, legacyFiles, login, startStack, stopApi, uploadPrices, type Stack } from '../lib/stack.js';

const QUICK = process.argv.includes('--quick');
const ROUNDS = QUICK ? 1 : 2;
// the COPY lines below carry every column of stock_prices, in the table's own column order
const COPY = 'COPY stock_prices FROM STDIN WITH (FORMAT text)';

interface BenchFile {
  name: string;
  bytes: Buffer;
  rows: number;
  date: string;
  /** The same rows as COPY text for the baseline, made by a plain conversion (no checks). */
  copyText: string;
}

function readFiles(): BenchFile[] {
  const limit = Number(process.env.BENCH_FILES ?? (QUICK ? 5 : 0)) || undefined;
  return legacyFiles(limit).map(({ name, date, path: file }) => {
    const bytes = fs.readFileSync(file);
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

/** The database under the API, opened by the benchmark itself: SQL and COPY in one transaction. */
interface Session {
  query(text: string, params?: unknown[]): Promise<void>;
  copyIn(chunks: string[]): Promise<void>;
}
interface Database {
  inTransaction(work: (session: Session) => Promise<void>): Promise<void>;
}

/**
 * Runs `work` with the database. PGlite allows one process: the API is stopped meanwhile and
 * started again afterwards (the caller logs in again).
 */
async function withDatabase<T>(stack: Stack, work: (db: Database) => Promise<T>): Promise<T> {
  if (stack.databaseUrl) {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      return await work({
        async inTransaction(inner) {
          await client.query('BEGIN');
          try {
            await inner({
              query: async (text, params) => void (await client.query(text, params)),
              copyIn: (chunks) => pipeline(Readable.from(chunks, { objectMode: false }), client.query(copyFrom(COPY))),
            });
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        },
      });
    } finally {
      await client.end();
    }
  }
  await stopApi(stack);
  const db = new PGlite(path.join(stack.dataDir, 'pglite'));
  try {
    return await work({
      inTransaction: (inner) =>
        db.transaction(async (tx) =>
          inner({
            query: async (text, params) => void (await tx.query(text, params)),
            copyIn: async (chunks) =>
              void (await tx.query(COPY.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob(chunks) })),
          }),
        ),
    });
  } finally {
    await db.close();
    await stack.restartApi();
  }
}

async function rawCopy(db: Database, files: BenchFile[]): Promise<number> {
  const started = performance.now();
  for (const file of files) await db.inTransaction((session) => session.copyIn([file.copyText]));
  return performance.now() - started;
}

async function rawCopyOnce(db: Database, files: BenchFile[]): Promise<number> {
  const started = performance.now();
  await db.inTransaction((session) => session.copyIn(files.map((file) => file.copyText)));
  return performance.now() - started;
}

async function emptyPrices(db: Database): Promise<void> {
  await db.inTransaction(async (session) => {
    await session.query('TRUNCATE stock_prices, stock_price_dates');
    await session.query('DELETE FROM market_data_uploads');
  });
  // the freshly emptied table starts with fresh statistics on both runs
  await db.inTransaction((session) => session.query('ANALYZE stock_prices'));
}

/** Every file through the upload endpoint: the API's ingestion time (listeners excluded) and the wall time. */
async function ingestAll(stack: Stack, files: BenchFile[]): Promise<{ ingestMs: number; wallMs: number }> {
  const token = await login(stack.api.url, ACCOUNTS.staff);
  let ingestMs = 0;
  let wallMs = 0;
  for (const file of files) {
    const answer = await uploadPrices(stack.api.url, token, file.name, file.bytes);
    ingestMs += answer.durationMs - answer.listenersMs;
    wallMs += answer.wallMs;
  }
  return { ingestMs, wallMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One day's file over HTTP: a new date on the full table, then the same file again. */
async function httpOneDay(
  stack: Stack,
  file: BenchFile,
): Promise<{ newDayMs: number; newDayListenersMs: number; reuploadMs: number }> {
  const newDay: number[] = [];
  const newDayListeners: number[] = [];
  const again: number[] = [];
  for (let round = 0; round < 3; round++) {
    await withDatabase(stack, (db) =>
      db.inTransaction(async (session) => {
        await session.query('DELETE FROM stock_prices WHERE trade_date = $1', [file.date]);
        await session.query('DELETE FROM stock_price_dates WHERE trade_date = $1', [file.date]);
      }),
    );
    const token = await login(stack.api.url, ACCOUNTS.staff);
    const fresh = await uploadPrices(stack.api.url, token, file.name, file.bytes);
    newDay.push(fresh.wallMs);
    newDayListeners.push(fresh.listenersMs);
    again.push((await uploadPrices(stack.api.url, token, file.name, file.bytes)).wallMs);
  }
  return { newDayMs: median(newDay), newDayListenersMs: median(newDayListeners), reuploadMs: median(again) };
}

interface EngineFigures {
  engine: string;
  ingestMs: number;
  ingestWallMs: number;
  rawCopyMs: number;
  rawCopyOnceMs: number;
  rows: number;
  newDayMs: number;
  /** Of the new day's time, the market.dataChanged listeners (the analysis refresh). */
  newDayListenersMs: number;
  reuploadMs: number;
}

async function benchEngine(engine: 'pglite' | 'postgres', files: BenchFile[]): Promise<EngineFigures> {
  const rows = files.reduce((sum, file) => sum + file.rows, 0);
  const stack = await startStack({ engine, durable: true });
  try {
    // warm up both paths on one file; then each measurement ROUNDS times, alternating, keeping the
    // better (the machine is shared: the better run is the one less disturbed by others)
    await ingestAll(stack, files.slice(0, 1));
    await withDatabase(stack, async (db) => {
      await emptyPrices(db);
      await rawCopy(db, files.slice(0, 1));
    });
    const ingestRuns: Array<{ ingestMs: number; wallMs: number }> = [];
    const copyRuns: number[] = [];
    const onceRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await withDatabase(stack, emptyPrices);
      const ingested = await ingestAll(stack, files);
      ingestRuns.push(ingested);
      console.log(`  ${stack.engine}: upload endpoint ${fmt(ingested.ingestMs)} ms (wall ${fmt(ingested.wallMs)} ms)`);
      await withDatabase(stack, async (db) => {
        await emptyPrices(db);
        copyRuns.push(await rawCopy(db, files));
        console.log(`  ${stack.engine}: raw COPY per file ${fmt(copyRuns[round]!)} ms`);
        await emptyPrices(db);
        onceRuns.push(await rawCopyOnce(db, files));
        console.log(`  ${stack.engine}: raw COPY, one statement ${fmt(onceRuns[round]!)} ms`);
        await emptyPrices(db);
      });
    }
    // the table full again (as after an ingestion) for the one-day measurement
    await ingestAll(stack, files);
    const http = await httpOneDay(stack, files[files.length - 1]!);
    const best = ingestRuns.reduce((a, b) => (b.ingestMs < a.ingestMs ? b : a));
    return {
      engine: stack.engine,
      ingestMs: best.ingestMs,
      ingestWallMs: best.wallMs,
      rawCopyMs: Math.min(...copyRuns),
      rawCopyOnceMs: Math.min(...onceRuns),
      rows,
      ...http,
    };
  } finally {
    await stack.stop();
  }
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
  const figures = [await benchEngine('pglite', files), await benchEngine('postgres', files)];

  console.log(
    '\nengine                                   | ingestion rows/s (wall) | raw COPY rows/s (per file) | ratio | raw COPY rows/s (one statement) | one day new / re-upload (HTTP)',
  );
  for (const figure of figures) {
    const ingestRate = (figure.rows / figure.ingestMs) * 1000;
    const wallRate = (figure.rows / figure.ingestWallMs) * 1000;
    const copyRate = (figure.rows / figure.rawCopyMs) * 1000;
    const onceRate = (figure.rows / figure.rawCopyOnceMs) * 1000;
    console.log(
      `${figure.engine.padEnd(40)} | ${`${fmt(ingestRate)} (${fmt(wallRate)})`.padStart(23)} | ${fmt(copyRate).padStart(26)} | ${fmt(ingestRate / copyRate, 2).padStart(5)} | ${fmt(onceRate).padStart(31)} | ${fmt(figure.newDayMs)} ms (listeners ${fmt(figure.newDayListenersMs)} ms) / ${fmt(figure.reuploadMs)} ms`,
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
