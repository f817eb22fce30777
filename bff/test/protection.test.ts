/**
 * The BFF's protection over real sockets (loopback; 127.0.0.2 and 127.0.0.3 are two clients): bodies
 * that never finish hold at most the address's share of in-flight slots and are cut after the body
 * time limit, another address is served meanwhile, /readyz reports saturation; connections beyond
 * an address's share are reset as they are accepted.
 */
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './setup/stack.js';
import { createRawClient, pollUntil } from '../../api/test/setup/raw-http.js';

const GREEDY = '127.0.0.2';
const OTHER = '127.0.0.3';
const timeouts = (bodyTimeoutMs: number) => ({
  headersTimeoutMs: 2_000,
  bodyTimeoutMs,
  uploadMinBytesPerSecond: 2_000,
  uploadTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
});

describe('BFF: bodies that never finish', () => {
  const BODY_TIMEOUT_MS = 5_000;
  const PER_CLIENT = 32;
  let stack: Stack;
  let raw: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    stack = await startStack({ bff: { maxInFlightPerClient: PER_CLIENT, timeouts: timeouts(BODY_TIMEOUT_MS) } });
    raw = createRawClient(Number(new URL(stack.bffUrl).port));
  });
  afterEach(() => raw.closeAll());
  afterAll(async () => stack.close());

  it('600 from one address: another address is answered within 2 s, the greedy one gets 429 beyond its share, the bodies are cut', async () => {
    const greedy = Array.from({ length: 600 }, (_, i) =>
      i % 10 === 0
        ? // some of them as never-finished uploads: multipart is judged by its rate, and this one has none
          raw.open(
            GREEDY,
            'POST /graphql HTTP/1.1\r\nHost: x\r\nApollo-Require-Preflight: 1\r\n' +
              'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n',
            '-',
          )
        : raw.neverFinished(GREEDY, '/graphql'),
    );
    const sentAt = Date.now();
    await pollUntil(() => greedy.filter((g) => g.answered() === 429).length === 600 - PER_CLIENT, 10_000, '429s');
    const waiting = greedy.filter((g) => g.answered() === undefined);
    expect(waiting).toHaveLength(PER_CLIENT);

    const refused = await raw.request(GREEDY, 'POST', '/graphql', { json: { query: '{ __typename }' } });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ errors: [{ extensions: { code: 'TOO_MANY_REQUESTS' } }] });

    const other = await raw.request(OTHER, 'POST', '/graphql', { json: { query: '{ __typename }' } });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body)).toEqual({ data: { __typename: 'Query' } });
    expect(other.ms).toBeLessThan(2_000);
    expect((await raw.request(OTHER, 'GET', '/readyz')).status).toBe(200);

    const times = await Promise.all(waiting.map((g) => g.closed));
    expect(await Promise.all(waiting.map((g) => g.status))).toEqual(waiting.map(() => 408));
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS);
    expect(Math.max(...times)).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    expect((await raw.request(GREEDY, 'POST', '/graphql', { json: { query: '{ __typename }' } })).status).toBe(200);
  });
});

describe('BFF: readiness reflects saturation', () => {
  let stack: Stack;
  let raw: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    stack = await startStack({ bff: { maxInFlightRequests: 12, maxInFlightPerClient: 4, timeouts: timeouts(2_000) } });
    raw = createRawClient(Number(new URL(stack.bffUrl).port));
  });
  afterEach(() => raw.closeAll());
  afterAll(async () => stack.close());

  it('/readyz answers 503 with the reason while every slot is taken, /healthz stays 200, both recover', async () => {
    const hanging = ['127.0.0.2', '127.0.0.3', '127.0.0.4'].flatMap((address) =>
      Array.from({ length: 4 }, () => raw.neverFinished(address, '/graphql')),
    );
    let ready = { status: 0, body: '', ms: 0 };
    await pollUntil(
      async () => {
        ready = await raw.request('127.0.0.5', 'GET', '/readyz');
        return ready.status === 503;
      },
      3_000,
      '/readyz 503',
    );
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', reason: 'in-flight' });
    expect((await raw.request('127.0.0.5', 'GET', '/healthz')).status).toBe(200);
    const shed = await raw.request('127.0.0.5', 'POST', '/graphql', { json: { query: '{ __typename }' } });
    expect(shed.status).toBe(503);
    expect(JSON.parse(shed.body)).toMatchObject({ errors: [{ extensions: { code: 'SERVICE_OVERLOADED' } }] });
    await Promise.all(hanging.map((h) => h.closed));
    expect((await raw.request('127.0.0.5', 'GET', '/readyz')).status).toBe(200);
  });
});

describe('BFF: open connections per address', () => {
  const PER_CLIENT = 8;
  let stack: Stack;
  let raw: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    // only 127.0.0.1 is a proxy here (a load balancer in front): 127.0.0.2 and .3 reach the BFF directly
    stack = await startStack({ bff: { trustProxy: '127.0.0.1', maxConnectionsPerClient: PER_CLIENT } });
    raw = createRawClient(Number(new URL(stack.bffUrl).port));
  });
  afterEach(() => raw.closeAll());
  afterAll(async () => stack.close());

  it('resets connections beyond an address’s share as they are accepted; another address and the trusted proxy are served', async () => {
    const held = Array.from({ length: PER_CLIENT }, () => raw.neverFinished(GREEDY, '/graphql'));
    await Promise.all(held.map((h) => once(h.socket, 'connect')));
    const extra = Array.from({ length: 20 }, () => raw.open(GREEDY, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
    // no answer at all: nothing of them was parsed
    expect(await Promise.all(extra.map((e) => e.status))).toEqual(extra.map(() => undefined));
    expect(Math.max(...(await Promise.all(extra.map((e) => e.closed))))).toBeLessThan(2_000);
    expect(held.some((h) => h.isClosed())).toBe(false);

    const other = await raw.request(OTHER, 'POST', '/graphql', { json: { query: '{ __typename }' } });
    expect(other.status).toBe(200);
    const proxied = Array.from({ length: 3 * PER_CLIENT }, () => raw.neverFinished('127.0.0.1', '/graphql'));
    await Promise.all(proxied.map((p) => once(p.socket, 'connect')));
    expect((await raw.request('127.0.0.1', 'GET', '/healthz')).status).toBe(200);
    expect(proxied.some((p) => p.isClosed())).toBe(false);

    for (const h of held) h.socket.destroy();
    await pollUntil(
      async () => (await raw.request(GREEDY, 'GET', '/healthz').catch(() => ({ status: 0 }))).status === 200,
      5_000,
      'the address served again',
    );
  });
});
