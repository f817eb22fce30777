/**
 * The stack as a user runs it, for the benchmarks: the built REST API and BFF as their own
 * processes (faults/harness.ts starts them as `npm start` does), on PGlite on disk (`npm start`'s
 * default) or on a throw-away PostgreSQL server (BENCH_DB=postgres), reached only over HTTP.
 * Nothing here imports a package's src: what is measured is what a client gets.
 * BENCH_FROM_SOURCE=1 runs the TypeScript sources through tsx instead of building (to try a
 * benchmark on a tree that does not build yet; the figures are then not the production ones).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  postgres,
  ROOT,
  startApi,
  startBff,
  type LaunchOptions,
  type PostgresServer,
  type ServiceProcess,
} from '../../faults/harness.js';
// @ts-expect-error plain ESM helper shared with the scripts
import { buildIsCurrent } from '../../scripts/lib/build-state.mjs';

export { ROOT, type ServiceProcess };

export const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';

/** The demo accounts' passwords (production refuses to invent them). */
export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123' },
  staff: { username: 'staff', password: 'Staff@123' },
  investor: { username: 'investor', password: 'Investor@123' },
} as const;

/** Every request here comes from 127.0.0.1: the per-address limit would be all that is measured. */
const UNLIMITED = '100000000';

let checked = false;

/** Builds what `npm start` runs when the build is older than the sources (as `npm start` does); once per run. */
export function ensureBuilt(): void {
  if (checked || FROM_SOURCE) return;
  checked = true;
  if ((buildIsCurrent as () => boolean)()) return;
  console.log('building (the benchmarks run the built servers)…');
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

export interface Stack {
  engine: string;
  api: ServiceProcess;
  /** The PostgreSQL server (BENCH_DB=postgres), for baselines that talk to the database directly. */
  server?: PostgresServer;
  databaseUrl?: string;
  /** The API's data directory (PGlite keeps its database in `<dataDir>/pglite`). */
  dataDir: string;
  apiEnv: Record<string, string>;
  /** Starts the API again on the same database (after `api.kill`). */
  restartApi(): Promise<ServiceProcess>;
  /** A BFF process in front of this API (several may run: e.g. one without its market cache). */
  startBff(env?: Record<string, string>): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

export interface StackOptions {
  engine?: 'pglite' | 'postgres';
  /** PostgreSQL's durable defaults instead of the test server's fast settings. */
  durable?: boolean;
  apiEnv?: Record<string, string>;
  launch?: LaunchOptions;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  ensureBuilt();
  const engine = options.engine ?? (process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite');
  const launch: LaunchOptions = { ...options.launch, fromSource: FROM_SOURCE };
  const server = engine === 'postgres' ? await postgres(options.durable ? { fast: false } : undefined) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-'));
  const apiEnv: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    STAFF_PASSWORD: ACCOUNTS.staff.password,
    INVESTOR_PASSWORD: ACCOUNTS.investor.password,
    ...(server ? { DATABASE_URL: server.url('postgres') } : {}),
    ...options.apiEnv,
  };
  const started: ServiceProcess[] = [];
  const startOne = async (start: () => Promise<ServiceProcess>) => {
    const service = await start();
    started.push(service);
    return service;
  };
  const stack: Stack = {
    engine: server ? `PostgreSQL 15 (server${options.durable ? ', durable defaults' : ''})` : 'PGlite (on disk)',
    api: await startOne(() => startApi(apiEnv, undefined, launch)),
    ...(server ? { server, databaseUrl: server.url('postgres') } : {}),
    dataDir,
    apiEnv,
    async restartApi() {
      stack.api = await startOne(() => startApi(apiEnv, undefined, launch));
      return stack.api;
    },
    startBff: (env = {}) =>
      startOne(() =>
        startBff(stack.api.url, { NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: UNLIMITED, ...env }, launch),
      ),
    async stop() {
      for (const service of started) {
        if (service.child.exitCode !== null || service.child.signalCode !== null) continue;
        service.kill('SIGKILL');
        await service.exited();
      }
      server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** Stops the API and waits for its exit (PGlite: the data directory is then free to open). */
export async function stopApi(stack: Stack): Promise<void> {
  stack.api.kill('SIGTERM');
  await stack.api.exited();
}

export async function login(apiUrl: string, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login of ${account.username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export interface UploadAnswer {
  rowsInFile: number;
  inserted: number;
  dates: string[];
  durationMs: number;
  listenersMs: number;
}

/** A price file through the staff upload endpoint, as the upload page sends it. */
export async function uploadPrices(
  apiUrl: string,
  token: string,
  name: string,
  bytes: Uint8Array,
): Promise<UploadAnswer & { wallMs: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  const response = await fetch(`${apiUrl}/insight/staff/uploads/stock-prices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  const wallMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`upload of ${name}: ${response.status} ${text.slice(0, 500)}`);
  return { ...(JSON.parse(text) as UploadAnswer), wallMs };
}

/** NSE's corporate-actions export of ../shared/data (2016–2025). */
export const CORPORATE_ACTIONS_FILE = path.resolve(ROOT, '../shared/data/nse/corporate_actions/CF-CA-equities.csv');

/** A corporate-actions export through the staff upload endpoint, as the upload page sends it. */
export async function uploadCorporateActions(apiUrl: string, token: string, csv: string | Uint8Array): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)]), 'CF-CA-equities.csv');
  const response = await fetch(`${apiUrl}/insight/staff/uploads/corporate-actions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`corporate actions upload: ${response.status} ${text.slice(0, 500)}`);
}

/** The legacy NSE bhavcopies of ../shared/data (2019-01-01 .. 2020-03-31), oldest first. */
export const LEGACY_DIR = path.resolve(ROOT, '../shared/data/nse/bhavcopy/legacy');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 'DD', 'MON', 'YYYY' → 'YYYY-MM-DD'. */
export function isoOf(day: string, month: string, year: string): string {
  return `${year}-${String(MONTHS.indexOf(month.toUpperCase()) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export function legacyFiles(limit?: number): Array<{ name: string; date: string; path: string }> {
  return fs
    .readdirSync(LEGACY_DIR)
    .filter((name) => name.endsWith('.csv'))
    .map((name) => ({
      name,
      date: isoOf(name.slice(0, 2), name.slice(2, 5), name.slice(5, 9)),
      path: path.join(LEGACY_DIR, name),
    }))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit);
}

/** Several bhavcopies as one file (the header once): one upload per month instead of one per day. */
export function concatenated(paths: string[]): Buffer {
  const texts = paths.map((file) => fs.readFileSync(file, 'utf8').replace(/\n+$/, ''));
  const header = texts[0]?.split('\n')[0] ?? '';
  return Buffer.from(`${[header, ...texts.map((text) => text.split('\n').slice(1).join('\n'))].join('\n')}\n`);
}

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}
