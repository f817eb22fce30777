/**
 * `npm run import` (docs/product/uploads.md#import-command) as an operator runs it: a child process on a
 * PGlite data directory of its own, on real bhavcopies of ../shared/data. A second run loads
 * nothing and says so; a run killed with SIGKILL half way leaves every file fully present or
 * absent, and the next run completes it without duplicating anything. The command's database is
 * that PGlite directory whatever engine the suite runs on, so the file runs once, in the PGlite
 * step (the same ingestion code is run on PostgreSQL by the upload tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import '../setup/provided-context.js';
import { openDatabase } from '../../src/db/client.js';
import { isAnalysisCurrent } from '../../src/db/queries/market/analysis-state.js';
import { DATA_DIR, plainCsvRows, sqlRows } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LEGACY = path.join(DATA_DIR, 'bhavcopy/legacy');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const nameDate = (name: string) =>
  `${name.slice(5, 9)}-${String(MONTHS.indexOf(name.slice(2, 5)) + 1).padStart(2, '0')}-${name.slice(0, 2)}`;

/** The first `count` legacy bhavcopies of 2019 in date order, with their data rows counted by hand. */
function realFiles(count: number): Array<{ name: string; date: string; rows: number }> {
  return fs
    .readdirSync(LEGACY)
    .filter((name) => name.endsWith('2019.csv'))
    .sort((a, b) => nameDate(a).localeCompare(nameDate(b)))
    .slice(0, count)
    .map((name) => ({
      name,
      date: nameDate(name),
      rows: plainCsvRows(fs.readFileSync(path.join(LEGACY, name), 'utf8')).length - 1,
    }));
}

const temporary: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function folderOf(files: Array<{ name: string }>): string {
  const folder = tempDir('bazaar-import-in-');
  for (const file of files) fs.copyFileSync(path.join(LEGACY, file.name), path.join(folder, file.name));
  return folder;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the output matches. */
  waitFor: (pattern: RegExp) => Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startImport(dataDir: string, ...args: string[]): Run {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'api/src/ingest/import-cli.ts', ...args],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
  );
  let text = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of [...waiters])
      if (waiter.pattern.test(text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => text,
    exit,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(text)) return resolve();
        waiters.push({ pattern, resolve });
        void exit.then(() => reject(new Error(`exited before ${pattern}:\n${text}`)));
      }),
  };
}

/** What the data directory holds once no import runs: rows per date and the upload records. */
async function contents(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const perDate = await sqlRows<{ date: string; rows: number }>(
      handle,
      'SELECT trade_date::text AS date, count(*)::int AS rows FROM stock_prices GROUP BY trade_date ORDER BY trade_date',
    );
    const uploads = await sqlRows<{ name: string; date: string; rows: number }>(
      handle,
      `SELECT file_name AS name, first_date::text AS date, rows_in_file AS rows FROM market_data_uploads
       WHERE kind = 'UPLOAD_STOCK_PRICE' ORDER BY id`,
    );
    return { perDate, uploads, analysisCurrent: await isAnalysisCurrent(handle.db) };
  } finally {
    await handle.close();
  }
}

describe.runIf(inject('testDb').engine === 'pglite')('npm run import', () => {
  afterAll(() => {
    for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads a folder, and a second run loads nothing and says so', { timeout: 600_000 }, async () => {
    const files = realFiles(6);
    const folder = folderOf(files);
    const dataDir = tempDir('bazaar-import-db-');

    const first = startImport(dataDir, folder);
    expect(await first.exit, first.output()).toEqual({ code: 0, signal: null });
    const total = files.reduce((sum, file) => sum + file.rows, 0);
    expect(first.output()).toContain(
      `6 files: 6 loaded (${total.toLocaleString('en-US')} rows), 0 refused, 0 already loaded`,
    );
    for (const [index, file] of files.entries())
      expect(first.output()).toContain(`[${index + 1}/6] loaded   ${file.date}  ${file.name}`);

    const second = startImport(dataDir, folder);
    expect(await second.exit, second.output()).toEqual({ code: 0, signal: null });
    expect(second.output()).toContain('6 files: 0 loaded (0 rows), 0 refused, 6 already loaded');
    expect(second.output()).toContain('Nothing to load: all 6 files were already loaded.');

    const state = await contents(dataDir);
    expect(state.perDate).toEqual(files.map((file) => ({ date: file.date, rows: file.rows })));
    expect(state.uploads).toEqual(files.map((file) => ({ name: file.name, date: file.date, rows: file.rows })));
    expect(state.analysisCurrent).toBe(true);
  });

  it(
    'killed half way (SIGKILL) and run again: every file fully present or absent, nothing twice',
    { timeout: 600_000 },
    async () => {
      const files = realFiles(20);
      const folder = folderOf(files);
      const dataDir = tempDir('bazaar-import-db-');

      const killed = startImport(dataDir, folder);
      await killed.waitFor(/\[\s*8\/20\] loaded/);
      killed.child.kill('SIGKILL');
      expect((await killed.exit).signal).toBe('SIGKILL');

      const half = await contents(dataDir);
      const expected = new Map(files.map((file) => [file.date, file.rows]));
      // every date is all of its file or nothing; each loaded file recorded once, with its rows
      for (const { date, rows } of half.perDate) expect(rows).toBe(expected.get(date));
      expect(half.uploads.map((upload) => upload.date)).toEqual(half.perDate.map((entry) => entry.date));
      expect(half.perDate.length).toBeGreaterThanOrEqual(8);
      expect(half.perDate.length).toBeLessThan(20);

      const rerun = startImport(dataDir, folder);
      expect(await rerun.exit, rerun.output()).toEqual({ code: 0, signal: null });
      const skipped = half.perDate.length;
      expect(rerun.output()).toContain(`20 files: ${20 - skipped} loaded`);
      expect(rerun.output()).toContain(`${skipped} already loaded`);

      const full = await contents(dataDir);
      expect(full.perDate).toEqual(files.map((file) => ({ date: file.date, rows: file.rows })));
      expect(full.uploads.map((upload) => upload.name).sort()).toEqual(files.map((file) => file.name).sort());
      expect(full.analysisCurrent).toBe(true);
    },
  );
});
