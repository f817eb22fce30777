/**
 * Processes for fault tests: the compiled REST API and BFF started as `npm start` starts them
 * (node api/dist/server.js, node bff/dist/server.js), each on its own free port, so a test can kill,
 * stop or restart one of them; and a throw-away PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM helper shared with the scripts
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PostgresServer {
  port: number;
  url: (db?: string) => string;
  stopServer: () => void;
  startServer: () => void;
  restart: () => void;
  stop: () => void;
}

/** A throw-away PostgreSQL server; `fast: false` keeps PostgreSQL's durable defaults (fsync…). */
export function postgres(options: { fast: boolean } = { fast: true }): Promise<PostgresServer> {
  return startPostgres(options) as Promise<PostgresServer>;
}

export interface ServiceProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Waits for the process to exit; resolves with its exit code (or signal name). */
  exited: () => Promise<number | string>;
  kill: (signal?: NodeJS.Signals) => void;
}

/**
 * Polls `condition` until it returns a truthy value (answered) or `timeoutMs` has passed (throws,
 * saying what was awaited). The tests wait for what they need, never a fixed time.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  timeoutMs: number,
  what = 'the condition',
  everyMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  await waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`process stopped while starting:\n${output()}`);
      try {
        return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
      } catch {
        return false; // not listening yet
      }
    },
    timeoutMs,
    `an answer at ${url}`,
    100,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output()}`);
  });
}

/** How to launch a service process (benchmarks): extra node flags, and an IPC channel to it. */
export interface LaunchOptions {
  /** Flags before the script, e.g. ['--expose-gc', '--import', probe]. */
  nodeArgs?: string[];
  /** Open an IPC channel (child.send / 'message'). */
  ipc?: boolean;
  /** Run the TypeScript sources through tsx instead of the build (to try a benchmark on an unbuilt tree). */
  fromSource?: boolean;
}

const SOURCE_OF: Record<string, string> = {
  'api/dist/server.js': 'api/src/server.ts',
  'bff/dist/server.js': 'bff/src/server.ts',
};

function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  port: number,
  timeoutMs: number,
  launch: LaunchOptions = {},
): Promise<ServiceProcess> {
  let output = '';
  const entry = launch.fromSource ? (SOURCE_OF[script] ?? script) : script;
  const sourceFlags = launch.fromSource ? ['--conditions=source', '--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...sourceFlags, ...(launch.nodeArgs ?? []), path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: launch.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitPromise = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  return waitUntilReady(`${url}${readyPath}`, child, () => output, timeoutMs).then(() => ({
    port,
    url,
    child,
    output: () => output,
    exited: () => exitPromise,
    kill: (signal: NodeJS.Signals = 'SIGTERM') => {
      child.kill(signal);
    },
  }));
}

export async function startApi(
  env: Record<string, string> = {},
  port?: number,
  launch?: LaunchOptions,
): Promise<ServiceProcess> {
  const apiPort = port ?? ((await freePort()) as number);
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-faults-'));
  const service = await startProcess(
    'api/dist/server.js',
    {
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      JWT_SECRET: 'fault-tests-secret-fault-tests-secret-0123',
      ...env,
    },
    '/ready',
    apiPort,
    120_000,
    launch,
  );
  // a directory made here belongs to this process only (restarts pass their DATA_DIR): remove it after exit
  if (!env.DATA_DIR) void service.exited().then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return service;
}

export async function startBff(
  apiUrl: string,
  env: Record<string, string> = {},
  launch?: LaunchOptions,
  port?: number,
): Promise<ServiceProcess> {
  port ??= (await freePort()) as number;
  return startProcess(
    'bff/dist/server.js',
    { PORT: String(port), REST_API_URL: `${apiUrl}/api`, INSIGHT_API_URL: `${apiUrl}/insight`, ...env },
    '/healthz',
    port,
    60_000,
    launch,
  );
}

export { freePort };

export async function login(apiUrl: string, username = 'admin', password = 'Admin@123'): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
