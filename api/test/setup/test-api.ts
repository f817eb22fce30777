/**
 * Test harness: a fresh database per call (a copy of the run's PGlite image or a new PostgreSQL
 * database made from its template; already seeded unless the call changes what seeding writes,
 * global-setup.ts), the real app listening on a free loopback port (`baseUrl`: for the BFF
 * stack and tests that need a socket), and small HTTP helpers.
 * `request()` goes through `app.inject` by default: the same routing, hooks, parsers and
 * serialisers as a socket, without the TCP round trip (the suite sends tens of thousands of
 * requests). `transport: 'http'` sends it over the socket instead, for tests about the wire
 * itself (streamed uploads, connection handling).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, inject } from 'vitest';
import { useStarted } from './use-started.js';
import './provided-context.js';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { RoleDto } from '@bazaar/shared/contract';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import type { ApiConfig } from '../../src/config.js';
import type { LogStream } from '../../src/app.js';
import { createStartedApp } from '../../src/start.js';
import { seedsAsTheImage, testApiConfig } from './test-config.js';

export const DEMO = {
  admin: { username: 'admin', password: 'Admin@123' },
  staff: { username: 'staff', password: 'Staff@123' },
  investor: { username: 'investor', password: 'Investor@123' },
} as const;

export interface NewInvestor {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

/** The other investor of ownership tests: none of the demo accounts is a second investor. */
export const SECOND_INVESTOR: NewInvestor = {
  firstName: 'Second',
  lastName: 'Investor',
  username: 'investor2',
  email: 'investor2@example.com',
  password: 'Invest@123',
};

/**
 * The body of POST /admin/users or PUT /admin/users/:id: a person with this username (e-mail
 * `<username>@example.com`) and roles; `extra` overrides fields (on a PUT a blank password keeps the old one).
 */
export function userBody(username: string, roles: RoleDto[], extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Meera',
    lastName: 'Shah',
    username,
    email: `${username}@example.com`,
    password: 'Meera@1234',
    mobileNo: '9123456789',
    roles,
    ...extra,
  };
}

/** Creates an investor account (ROLE_USER) as the administrator; answers its id. */
export async function createInvestor(api: TestApi, adminToken: string, account: NewInvestor): Promise<number> {
  const roles = (await api.request<Array<{ id: number; name: string }>>('GET', '/admin/roles', { token: adminToken }))
    .body;
  const created = await api.request<{ id: number }>('POST', '/admin/users', {
    token: adminToken,
    json: { ...account, roles: [roles.find((role) => role.name === 'ROLE_USER')] },
  });
  if (created.status !== 201) throw new Error(`creating ${account.username} failed: ${created.status} ${created.text}`);
  return created.body.id;
}

/** Creates SECOND_INVESTOR as the administrator and logs it in: its token. */
export async function loginSecondInvestor(api: TestApi, adminToken: string): Promise<string> {
  await createInvestor(api, adminToken, SECOND_INVESTOR);
  return api.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
}

/**
 * A fresh database of its own: migrated, or with `seeded` also holding what the start-up seeders
 * write for the default test configuration (global-setup.ts; the seeders then find nothing to do),
 * or a copy of `copyOf`: a database made once per run by a test helper (PGlite: the path of its
 * dump; PostgreSQL: the name of its template database, copied file by file: it may be large).
 */
export async function createTestDatabase(options: { seeded?: boolean; copyOf?: string } = {}): Promise<DatabaseHandle> {
  const testDb = inject('testDb');
  if (testDb.engine === 'pglite') {
    const image = fs.readFileSync(options.copyOf ?? ((options.seeded && testDb.seededImagePath) || testDb.imagePath));
    const client = new PGlite({ loadDataDir: new Blob([image]) });
    return openDatabase({ pglite: client });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.serverUrl });
  await admin.connect();
  const template = options.copyOf ?? ((options.seeded && testDb.seededTemplate) || testDb.template);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}${options.copyOf ? ' STRATEGY FILE_COPY' : ''}`);
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
  /** How `request()` reaches the app: 'inject' (default, no socket) or 'http' (fetch to `baseUrl`). */
  transport?: 'inject' | 'http';
  /** Start from a copy of this database instead of the run's image (createTestDatabase). */
  copyOf?: string;
  /**
   * Receives the app's JSON log lines at level info (off otherwise): for tests that read what the
   * app did, e.g. the plan of each analysis refresh (market/support/refresh-plans.ts).
   */
  logs?: LogStream;
}

type RequestOptions = NonNullable<Parameters<TestApi['request']>[2]>;

/** The body as bytes and the content type fetch would send with it (FormData gets its boundary). */
async function encodeBody(body: NonNullable<RequestInit['body']>): Promise<{ bytes: Buffer; type: string | null }> {
  const encoded = new Request('http://body.invalid/', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') };
}

function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi> {
  const seed = options.seed ?? true;
  const handle = await createTestDatabase(
    options.copyOf ? { copyOf: options.copyOf } : { seeded: seed && seedsAsTheImage(options.config) },
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-api-'));
  // test-config.ts: fast password hashes, limits lifted (they have tests of their own), no demo market
  const config = testApiConfig(dataDir, options.logs ? { logLevel: 'info', ...options.config } : options.config);
  const app = await createStartedApp({ config, handle, logger: options.logs ?? false, seed });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const parse = (status: number, headers: Headers, text: string) => {
    let parsed: unknown = text;
    if ((headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status, body: parsed as never, headers, text };
  };
  const prepare = (pathOrUrl: string, requestOptions: RequestOptions) => {
    const isServicePath = /^\/(insight|health|ready|docs|api)(\/|$)/.test(pathOrUrl);
    const target = pathOrUrl.startsWith('http') ? pathOrUrl : `${isServicePath ? '' : '/api'}${pathOrUrl}`;
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    let body = requestOptions.body;
    if (requestOptions.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(requestOptions.json);
    }
    return { target, headers, body };
  };
  const overHttp: TestApi['request'] = async (method, pathOrUrl, requestOptions = {}) => {
    const { target, headers, body } = prepare(pathOrUrl, requestOptions);
    const response = await fetch(target.startsWith('http') ? target : `${baseUrl}${target}`, { method, headers, body });
    return parse(response.status, response.headers, await response.text());
  };
  const injected: TestApi['request'] = async (method, pathOrUrl, requestOptions = {}) => {
    const { target, headers, body } = prepare(pathOrUrl, requestOptions);
    if (target.startsWith('http')) return overHttp(method, pathOrUrl, requestOptions);
    let payload: Buffer | undefined;
    if (body !== undefined && body !== null) {
      const encoded = await encodeBody(body);
      payload = encoded.bytes;
      const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
      if (encoded.type && !hasType) headers['content-type'] = encoded.type;
    }
    const response = await app.inject({
      method: method as never,
      url: target,
      // what fetch sends by itself (no accept-encoding: fetch would undo a compression here)
      headers: { accept: '*/*', ...headers },
      ...(payload ? { payload } : {}),
    });
    return parse(response.statusCode, toHeaders(response.headers), response.body);
  };
  // TEST_API_TRANSPORT=http sends every test's requests over the socket (to compare, or to rule inject out)
  const transport = options.transport ?? (process.env.TEST_API_TRANSPORT === 'http' ? 'http' : 'inject');
  const request = transport === 'http' ? overHttp : injected;

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

/** A suite's API and the demo accounts' tokens, filled in before its first test. */
export interface TestSession {
  api: TestApi;
  admin: string;
  staff: string;
  investor: string;
}

/**
 * For a describe block: starts a fresh API before its tests (closed after them) and logs the three
 * demo accounts in. Read the fields inside hooks and tests, not while the suite is being collected.
 */
export function useTestApi(options: StartTestApiOptions = {}): TestSession {
  const session = { api: useApi(options) } as TestSession;
  beforeAll(async () => {
    for (const who of ['admin', 'staff', 'investor'] as const) {
      session[who] = await session.api.login(DEMO[who].username, DEMO[who].password);
    }
  });
  return session;
}

/**
 * For a describe block: a fresh API started before its tests and closed after them, no one logged in. The object is
 * filled in by the start: read its fields inside hooks and tests, not while the suite is being collected.
 */
export function useApi(options: StartTestApiOptions = {}): TestApi {
  return useStarted(
    () => startTestApi(options),
    (api) => api.close(),
  );
}
