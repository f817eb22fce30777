/**
 * Test harness: a fresh migrated database per call (PGlite image or a new PostgreSQL database made
 * from the template), the real app listening on a free loopback port, and small HTTP helpers.
 * Tests talk to the API over HTTP, as the BFF and integrators do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import './provided-context.js';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { loadConfig, type ApiConfig } from '../../src/config.js';
import { createStartedApp } from '../../src/start.js';

export const DEMO = {
  admin: { username: 'admin', password: 'Admin@123' },
  staff: { username: 'staff', password: 'Staff@123' },
  investor: { username: 'investor', password: 'Investor@123' },
} as const;

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const testDb = inject('testDb');
  if (testDb.engine === 'pglite') {
    const image = fs.readFileSync(testDb.imagePath);
    const client = new PGlite({ loadDataDir: new Blob([image]) });
    return openDatabase({ pglite: client });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
  await admin.end();
  const url = testDb.serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: testDb.serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await cleanup.end();
    },
  } as DatabaseHandle;
}

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestApi {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: ApiConfig;
  baseUrl: string;
  /** A request to the main service (/api + path), or to an absolute path when it starts with /insight, /health… */
  request<T = unknown>(
    method: string,
    pathOrUrl: string,
    options?: {
      token?: string | undefined;
      json?: unknown;
      body?: RequestInit['body'];
      headers?: Record<string, string>;
    },
  ): Promise<HttpResult<T>>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface StartTestApiOptions {
  seed?: boolean;
  config?: Partial<ApiConfig>;
}

export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi> {
  const handle = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-api-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      logLevel: 'silent',
      demoData: false,
      // tests fire requests much faster than people; the limits have tests of their own
      rateLimitPerMinute: 1_000_000,
      // the API runs inside the test process, whose own work (parsing 595,206 rows of bhavcopies,
      // computing expected values) blocks the event loop for seconds: shedding on that delay would
      // answer the next requests 503. Shedding has tests of its own (shared/src/limits, bench:load).
      maxEventLoopDelayMs: Number.POSITIVE_INFINITY,
      maxQueueDelayMs: Number.POSITIVE_INFINITY,
      ...options.config,
    },
  );
  const app = await createStartedApp({ config, handle, logger: false, seed: options.seed ?? true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const request: TestApi['request'] = async (method, pathOrUrl, requestOptions = {}) => {
    const isServicePath = /^\/(insight|health|ready|docs|api)(\/|$)/.test(pathOrUrl);
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${baseUrl}${isServicePath ? '' : '/api'}${pathOrUrl}`;
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    let body = requestOptions.body;
    if (requestOptions.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(requestOptions.json);
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: response.status, body: parsed as never, headers: response.headers, text };
  };

  return {
    app,
    handle,
    config,
    baseUrl,
    request,
    async login(username, password) {
      const result = await request<{ token: string }>('POST', '/auth/login', { json: { username, password } });
      if (result.status !== 200) throw new Error(`login ${username} failed: ${result.status} ${result.text}`);
      return result.body.token;
    },
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
