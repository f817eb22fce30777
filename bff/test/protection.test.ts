/**
 * The BFF's protection over real sockets (loopback; 127.0.0.2 and 127.0.0.3 are two clients): bodies
 * that never finish hold at most the address's share of in-flight slots and are cut after the body
 * time limit, another address is served meanwhile, /readyz reports saturation.
 */
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
