/**
 * The BFF's protection over real sockets (loopback; 127.0.0.2 and 127.0.0.3 are two clients): bodies
 * that never finish hold at most the address's share of in-flight slots and are cut after the body
 * time limit, another address is served meanwhile, /readyz reports saturation; connections beyond
 * an address's share are reset as they are accepted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack, useStack } from './setup/stack.js';
import { createRawClient } from '../../api/test/setup/raw-http.js';
import * as protection from '../../api/test/setup/protection-scenarios.js';

const { GREEDY, OTHER, shortTimeouts: timeouts } = protection;
const typename = { json: { query: '{ __typename }' } };

describe('BFF: bodies that never finish', () => {
  const BODY_TIMEOUT_MS = 5_000;
  const PER_CLIENT = 32;
  const stack = useStack({ bff: { maxInFlightPerClient: PER_CLIENT, timeouts: timeouts(BODY_TIMEOUT_MS) } });
  let raw: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    raw = createRawClient(Number(new URL(stack.bffUrl).port));
  });
  afterEach(() => raw.closeAll());

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
    await protection.expectGreedyAddressCapped(raw, {
      greedy,
      perClient: PER_CLIENT,
      bodyTimeoutMs: BODY_TIMEOUT_MS,
      readyPath: '/readyz',
      call: (address) => raw.request(address, 'POST', '/graphql', typename),
      refused: (answer) =>
        expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'TOO_MANY_REQUESTS' } }] }),
      served: (answer) => expect(JSON.parse(answer.body)).toEqual({ data: { __typename: 'Query' } }),
    });
  });
});

describe('BFF: readiness reflects saturation', () => {
  const stack = useStack({ bff: { maxInFlightRequests: 12, maxInFlightPerClient: 4, timeouts: timeouts(2_000) } });
  let raw: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    raw = createRawClient(Number(new URL(stack.bffUrl).port));
  });
  afterEach(() => raw.closeAll());

  it('/readyz answers 503 with the reason while every slot is taken, /healthz stays 200, both recover', async () => {
    const hanging = ['127.0.0.2', '127.0.0.3', '127.0.0.4'].flatMap((address) =>
      Array.from({ length: 4 }, () => raw.neverFinished(address, '/graphql')),
    );
    const ready = await protection.expectReadinessFollowsSaturation(raw, {
      hanging,
      probeAddress: '127.0.0.5',
      readyPath: '/readyz',
      healthPath: '/healthz',
      call: (address) => raw.request(address, 'POST', '/graphql', typename),
      shed: (answer) =>
        expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'SERVICE_OVERLOADED' } }] }),
    });
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', reason: 'in-flight' });
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
    await protection.expectConnectionsCapped(raw, {
      perClient: PER_CLIENT,
      hangPath: '/graphql',
      healthPath: '/healthz',
      otherServed: async () => expect((await raw.request(OTHER, 'POST', '/graphql', typename)).status).toBe(200),
    });
  });
});
