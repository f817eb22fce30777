/**
 * Helpers of the security suite: the built API and BFF started as processes by the fault tests'
 * harness (faults/harness.ts), in development or production mode, on a copy of a database seeded
 * once with the demo data (security/global-setup.ts); HTTP from a chosen loopback address (the
 * whole of 127.0.0.0/8 is loopback on Linux, so 127.0.0.2 is "another client" of a server bound
 * to 127.0.0.1); raw sockets for bodies that never finish; the resident memory of a process.
 * Everything is loopback only, every loop bounded, every process and socket closed by its test.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ROOT, startApi, startBff, waitFor, type ServiceProcess } from '../faults/harness.js';

export { ROOT, waitFor, type ServiceProcess };

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
  try {
    api = await startApi({ ...env, DATA_DIR: dataDir, DEMO_DATA: '0', ...options.api });
    bff = await startBff(api.url, { NODE_ENV: env.NODE_ENV!, ...options.bff });
  } catch (error) {
    await stop();
    throw error;
  }
  return { mode, api, bff, dataDir, stop };
}

// ---------- HTTP from a chosen loopback address ----------

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Milliseconds from sending to the last byte. */
  ms: number;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's source address (127.0.0.1 by default). */
  from?: string;
  timeoutMs?: number;
}

/** One HTTP request on its own connection from `from`; rejects on a socket error or after `timeoutMs`. */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const outgoing = http.request(
      url,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...options.headers },
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text,
            ms: performance.now() - started,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`no answer from ${url} within ${options.timeoutMs ?? 30_000} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  ms: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; status?: number } }>;
  /** Cookies the BFF set (name=value). */
  cookies: string[];
}

/** A GraphQL operation posted to the BFF as JSON. */
export async function graphql<T = Record<string, unknown>>(
  bffUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: { cookie?: string; from?: string; timeoutMs?: number } = {},
): Promise<GraphQLAnswer<T>> {
  const answer = await request(`${bffUrl}/graphql`, {
    body: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}) },
    from: options.from,
    timeoutMs: options.timeoutMs,
  });
  const setCookie = answer.headers['set-cookie'] ?? [];
  const cookies = setCookie.map((line) => line.split(';')[0]!);
  let parsed: { data?: T | null; errors?: GraphQLAnswer['errors'] };
  try {
    parsed = answer.json();
  } catch {
    parsed = { errors: [{ message: answer.text.slice(0, 300) }] };
  }
  return { status: answer.status, ms: answer.ms, cookies, ...parsed };
}

/** POST /api/auth/login from `from`: the status (and the token when 200). */
export async function apiLogin(
  apiUrl: string,
  username: string,
  password: string,
  from = '127.0.0.1',
): Promise<{ status: number; token?: string; retryAfter?: number; answer: Answer }> {
  const answer = await request(`${apiUrl}/api/auth/login`, {
    body: JSON.stringify({ username, password }),
    headers: { 'content-type': 'application/json' },
    from,
  });
  const retry = Number(answer.headers['retry-after']);
  return {
    status: answer.status,
    token: answer.status === 200 ? answer.json<{ token: string }>().token : undefined,
    retryAfter: Number.isFinite(retry) ? retry : undefined,
    answer,
  };
}

// ---------- raw sockets ----------

export interface SlowBody {
  socket: net.Socket;
  /** Bytes the server sent back (an answer, e.g. 408/429/503, or nothing while it waits). */
  received: () => string;
  closed: () => boolean;
}

/**
 * Opens a connection from `from` and sends the headers of a POST with Content-Length
 * `declaredLength` and one byte of its body, then nothing more. Resolves once the bytes are written.
 */
export function slowBody(url: string, from: string, declaredLength = 100_000): Promise<SlowBody> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    let closed = false;
    const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: from });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined); // a reset by the server is one of the answers we accept
    socket.once('connect', () => {
      const head =
        `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${declaredLength}\r\n\r\n{`;
      socket.write(head, (error) =>
        error ? reject(error) : resolve({ socket, received: () => received, closed: () => closed }),
      );
    });
    socket.once('error', reject);
  });
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
