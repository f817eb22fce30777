/**
 * Helpers of the security suite: the built API and BFF started as processes by the fault tests'
 * harness (faults/harness.ts), in development or production mode, on a copy of a database seeded
 * once with the demo data (security/global-setup.ts); the clients of security/clients.ts (HTTP from
 * a chosen loopback address, bodies that never finish); the resident memory of a process.
 * Everything is loopback only, every loop bounded, every process and socket closed by its test.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { useStarted } from '../api/test/setup/use-started.js';
import { freePort, ROOT, startApi, startBff, waitFor, type ServiceProcess } from '../faults/harness.js';

export { ROOT, waitFor, type ServiceProcess };
export * from './clients.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with the migrations, the demo accounts and the demo market (copy it, never use it). */
    seededDataDir: string;
  }
}

export type Mode = 'development' | 'production';
export const MODES: Mode[] = ['development', 'production'];

/** The demo accounts (production creates them only when their passwords are given). */
export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123', email: 'admin@bazaar-insight.local' },
  staff: { username: 'staff', password: 'Staff@123', email: 'staff@bazaar-insight.local' },
  investor: { username: 'investor', password: 'Investor@123', email: 'investor@bazaar-insight.local' },
} as const;

/** A proper production secret: 48 random bytes. */
export function productionSecret(): string {
  return randomBytes(48).toString('base64');
}

/** The environment of a mode: production gets a real secret and the demo passwords it would not invent. */
export function modeEnv(mode: Mode): Record<string, string> {
  if (mode === 'development') return { NODE_ENV: 'development' };
  return {
    NODE_ENV: 'production',
    JWT_SECRET: productionSecret(),
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    STAFF_PASSWORD: ACCOUNTS.staff.password,
    INVESTOR_PASSWORD: ACCOUNTS.investor.password,
  };
}

export interface Stack {
  mode: Mode;
  api: ServiceProcess;
  bff: ServiceProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/** A copy of the seeded database, for one stack (removed by its `stop`). */
function seededCopy(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-security-'));
  fs.cpSync(inject('seededDataDir'), copy, { recursive: true });
  return copy;
}

/** The API and the BFF in `mode`, on a copy of the seeded database. */
export async function startStack(
  mode: Mode,
  options: { api?: Record<string, string>; bff?: Record<string, string> } = {},
): Promise<Stack> {
  const dataDir = seededCopy();
  const env = modeEnv(mode);
  let api: ServiceProcess | undefined;
  let bff: ServiceProcess | undefined;
  const stop = async () => {
    for (const service of [bff, api]) {
      if (!service) continue;
      service.kill('SIGKILL');
      await service.exited();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // both at once (the BFF needs the API only for requests, not to start): two ports picked up front, distinct
  const apiPort = (await freePort()) as number;
  let bffPort = (await freePort()) as number;
  while (bffPort === apiPort) bffPort = (await freePort()) as number;
  const [apiStart, bffStart] = await Promise.allSettled([
    startApi({ ...env, DATA_DIR: dataDir, DEMO_DATA: '0', ...options.api }, apiPort),
    startBff(`http://127.0.0.1:${apiPort}`, { NODE_ENV: env.NODE_ENV!, ...options.bff }, undefined, bffPort),
  ]);
  if (apiStart.status === 'fulfilled') api = apiStart.value;
  if (bffStart.status === 'fulfilled') bff = bffStart.value;
  if (apiStart.status === 'rejected' || bffStart.status === 'rejected') {
    await stop();
    throw apiStart.status === 'rejected' ? apiStart.reason : (bffStart as PromiseRejectedResult).reason;
  }
  return { mode, api: apiStart.value, bff: bffStart.value, dataDir, stop };
}

/**
 * For a describe block: the stack in `mode`, started before its tests and stopped after them. The object is filled
 * in by the start: read its fields inside hooks and tests, not while the suite is being collected.
 */
export function useStack(mode: Mode, options: Parameters<typeof startStack>[1] = {}): Stack {
  return useStarted(
    () => startStack(mode, options),
    (stack) => stack.stop(),
  );
}

// ---------- processes ----------

/** Resident memory of a process (Linux /proc), in bytes. */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`no VmRSS for process ${pid}`);
  return kilobytes * 1024;
}

/** Runs a built service to its exit (one that should refuse to start): its exit code and output. */
export function runToExit(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [path.join(ROOT, script)], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} still running after ${timeoutMs} ms (it should have refused to start):\n${output}`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? 'unknown', output });
    });
  });
}

/** Calls `probe` every `everyMs` until `stop()` says so; the answers' times, in ms (failures as Infinity). */
export function keepProbing(probe: () => Promise<unknown>, everyMs = 100) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    // bounded: the caller stops it, and it gives up by itself after 10 minutes
    const deadline = Date.now() + 600_000;
    while (running && Date.now() < deadline) {
      const started = performance.now();
      try {
        await probe();
        times.push(performance.now() - started);
      } catch {
        times.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    times,
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}
