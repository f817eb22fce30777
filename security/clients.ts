/**
 * Clients of the security suite and of the load benchmark's attacks (bench/load): HTTP from a
 * chosen loopback address (the whole of 127.0.0.0/8 is loopback on Linux, so 127.0.0.2 is "another
 * client" of a server bound to 127.0.0.1, with its own per-address limits), and raw sockets for
 * bodies that never finish. No test runner here: the benchmark imports it too.
 */
import http from 'node:http';
import net from 'node:net';

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
