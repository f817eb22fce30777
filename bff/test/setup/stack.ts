/**
 * The whole back end for BFF tests: the real REST API (fresh database, free port) and the BFF
 * pointed at it over HTTP, plus a small GraphQL client that keeps the session cookie like a browser.
 */
import { loadConfig, type BffConfig } from '../../src/config.js';
import { createBffServer, type BffServer } from '../../src/app.js';
import { expect } from 'vitest';
import { useStarted } from '../../../api/test/setup/use-started.js';
import { DEMO, startTestApi, type StartTestApiOptions, type TestApi } from '../../../api/test/setup/test-api.js';

export interface GraphQLResult<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> & { code?: string } }>;
  headers: Headers;
}

export interface GraphQLClient {
  /** Runs an operation; the cookie from login is kept and sent like a browser would. */
  request<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { headers?: Record<string, string> },
  ): Promise<GraphQLResult<T>>;
  login(username: string, password: string): Promise<void>;
  cookie(): string | undefined;
}

export interface Stack {
  api: TestApi;
  bff: BffServer;
  bffUrl: string;
  config: BffConfig;
  client(): GraphQLClient;
  /** A client logged in as one of the demo accounts. */
  clientAs(who: keyof typeof DEMO): Promise<GraphQLClient>;
  close(): Promise<void>;
}

export async function startStack(
  options: { api?: StartTestApiOptions; bff?: Partial<BffConfig> } = {},
): Promise<Stack> {
  const api = await startTestApi(options.api);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      restApiUrl: `${api.baseUrl}/api`,
      insightApiUrl: `${api.baseUrl}/insight`,
      logLevel: 'silent',
      rateLimitPerMinute: 1_000_000,
      // as for the API (test-api.ts): the test process's own work blocks this event loop too
      maxEventLoopDelayMs: Number.POSITIVE_INFINITY,
      maxQueueDelayMs: Number.POSITIVE_INFINITY,
      // every test request comes from 127.0.0.1: the per-client share has tests of its own (protection)
      maxInFlightPerClient: 1_000_000,
      // a REST read slowed by a busy machine is no failure of the BFF: the test's own time limit bounds it
      restTimeoutMs: 60_000,
      ...options.bff,
    },
  );
  const bff = await createBffServer(config);
  const port = await bff.listen(0, '127.0.0.1');
  const bffUrl = `http://127.0.0.1:${port}`;
  return {
    api,
    bff,
    bffUrl,
    config,
    client: () => createClient(`${bffUrl}/graphql`),
    async clientAs(who) {
      const client = createClient(`${bffUrl}/graphql`);
      await client.login(DEMO[who].username, DEMO[who].password);
      return client;
    },
    async close() {
      await bff.close();
      await api.close();
    },
  };
}

/**
 * For a describe block: a stack started before its tests and closed after them. The object is filled in by the
 * start: read its fields inside hooks and tests, not while the suite is being collected.
 */
export function useStack(options: Parameters<typeof startStack>[0] = {}): Stack {
  return useStarted(
    () => startStack(options),
    (stack) => stack.close(),
  );
}

/** A refusal of bad input: the operation's first error is BAD_USER_INPUT with this message (and these extensions). */
export function expectBadUserInput(
  result: GraphQLResult<unknown>,
  message: string,
  extensions: Record<string, unknown> = {},
): void {
  expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', ...extensions } });
}

/** The data of an operation that must succeed: it fails the test with the errors when there are any. */
export async function ok<T>(client: GraphQLClient, query: string, variables?: Record<string, unknown>): Promise<T> {
  const result = await client.request<T>(query, variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data as T;
}

/** An upload mutation's multipart request: one CSV file as the `$file` variable (part "0"), of this upload type. */
export function sendUpload<T>(
  stack: Stack,
  client: GraphQLClient,
  query: string,
  type: string,
  file: { name: string; content: Uint8Array | string },
): Promise<GraphQLResult<T>> {
  return sendMultipart<T>(
    stack,
    client,
    { query, variables: { type, file: null } },
    { 0: ['variables.file'] },
    {
      0: { ...file, type: 'text/csv' },
    },
  );
}

/**
 * A GraphQL multipart request (operations, map, then each file under its map key), as
 * apollo-upload-client sends it, with the client's session cookie when it has one.
 */
export async function sendMultipart<T = Record<string, unknown>>(
  stack: Stack,
  client: GraphQLClient | undefined,
  operations: { query: string; variables: Record<string, unknown> },
  map: Record<string, string[]>,
  files: Record<string, { name: string; content: Uint8Array | string; type?: string }>,
): Promise<GraphQLResult<T>> {
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify(map));
  for (const [key, file] of Object.entries(files)) {
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    form.append(key, new Blob([bytes], file.type === undefined ? {} : { type: file.type }), file.name);
  }
  const headers: Record<string, string> = { 'apollo-require-preflight': 'true' };
  const cookie = client?.cookie();
  if (cookie) headers.cookie = cookie;
  return readGraphQLResult<T>(await fetch(`${stack.bffUrl}/graphql`, { method: 'POST', headers, body: form }));
}

/** A GraphQL answer as the tests read it: status, data (null when absent), errors, headers. */
export async function readGraphQLResult<T = Record<string, unknown>>(response: Response): Promise<GraphQLResult<T>> {
  const body = (await response.json()) as { data?: T; errors?: GraphQLResult['errors'] };
  return { status: response.status, data: body.data ?? null, errors: body.errors, headers: response.headers };
}

export function createClient(endpoint: string): GraphQLClient {
  let sessionCookie: string | undefined;
  const client: GraphQLClient = {
    async request(query, variables, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
      if (sessionCookie && !headers.authorization) headers.cookie = sessionCookie;
      const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) {
        const [pair] = setCookie.split(';');
        sessionCookie = pair && !/=\s*$/.test(pair) && !/Expires=Thu, 01 Jan 1970/i.test(setCookie) ? pair : undefined;
      }
      return readGraphQLResult(response);
    },
    async login(username, password) {
      const result = await client.request(
        'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { expiresAt } }',
        { u: username, p: password },
      );
      if (result.errors) throw new Error(`login failed: ${result.errors[0]?.message}`);
    },
    cookie: () => sessionCookie,
  };
  return client;
}
