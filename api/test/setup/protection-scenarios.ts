/**
 * The protection scenarios the REST API and the BFF must both pass over raw sockets (raw-http.ts):
 * one address's never-finished bodies hold at most its share of slots and are cut, every slot taken
 * shows in the readiness probe, connections beyond an address's share are reset as they are accepted.
 * Each service's test builds the situation on its own paths and checks its own answers' bodies; what
 * must then hold is written once here.
 */
import { once } from 'node:events';
import { expect } from 'vitest';
import { pollUntil, type createRawClient, type RawExchange } from './raw-http.js';

type RawClient = ReturnType<typeof createRawClient>;
type Answer = Awaited<ReturnType<RawClient['request']>>;

export const GREEDY = '127.0.0.2';
export const OTHER = '127.0.0.3';

/** Request time limits short enough to watch them cut (the body limit varies per block). */
export const shortTimeouts = (bodyTimeoutMs: number) => ({
  headersTimeoutMs: 2_000,
  bodyTimeoutMs,
  uploadMinBytesPerSecond: 2_000,
  uploadTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
});

/**
 * What holds of the greedy address when the machine could not take its 600 requests in within the body time limit
 * (seen with two busy loops beside the whole suite): none hangs, each is refused (429) or cut (408), the address
 * never held more than its share of slots at once (each slot is held a body time limit before it is cut, so at most
 * `perClient` more were admitted per time limit elapsed), and its slots are free again afterwards.
 */
async function expectCappedWhileStarved(
  greedy: RawExchange[],
  {
    perClient,
    bodyTimeoutMs,
    sentAt,
    call,
  }: { perClient: number; bodyTimeoutMs: number; sentAt: number; call: (address: string) => Promise<Answer> },
): Promise<void> {
  await Promise.all(greedy.map((g) => g.closed));
  const elapsedMs = Date.now() - sentAt;
  const statuses = await Promise.all(greedy.map((g) => g.status));
  expect(statuses.filter((status) => status !== 429 && status !== 408)).toEqual([]);
  const cut = statuses.filter((status) => status === 408).length;
  expect(cut).toBeLessThanOrEqual(perClient * (Math.floor(elapsedMs / bodyTimeoutMs) + 1));
  expect(elapsedMs).toBeGreaterThanOrEqual(bodyTimeoutMs);
  expect((await call(GREEDY)).status).toBe(200);
}

/**
 * `greedy`: 600 never-finished requests from GREEDY, just sent. All but the address's share are
 * refused at once, the address hears 429 for new ones meanwhile (`refused` checks that answer),
 * another address is served at once (`served` checks it), the server is not saturated, and the
 * hanging bodies are cut (408) within the body time limit, after which the address is served again.
 */
export async function expectGreedyAddressCapped(
  raw: RawClient,
  scenario: {
    greedy: RawExchange[];
    perClient: number;
    bodyTimeoutMs: number;
    readyPath: string;
    call: (address: string) => Promise<Answer>;
    refused: (answer: Answer) => void;
    served: (answer: Answer) => void;
  },
): Promise<void> {
  const { greedy, perClient, bodyTimeoutMs, call } = scenario;
  const sentAt = Date.now();
  const answeredWith = (status: number) => greedy.filter((g) => g.answered() === status).length;
  // every request beyond the address's share refused at once; or, on a machine too starved to take the 600 in
  // within the body time limit, the first held ones cut (408) before that and later ones admitted in their slots
  await pollUntil(() => answeredWith(429) === greedy.length - perClient || answeredWith(408) > 0, 120_000, '429s');
  if (answeredWith(408) > 0) return expectCappedWhileStarved(greedy, { perClient, bodyTimeoutMs, sentAt, call });
  const waiting = greedy.filter((g) => g.answered() === undefined);
  expect(waiting).toHaveLength(perClient);
  const refused = await call(GREEDY);
  expect(refused.status).toBe(429);
  scenario.refused(refused);

  const otherSentAt = Date.now();
  const other = await call(OTHER);
  const hangingWhenOtherServed = waiting.every((g) => g.answered() === undefined);
  expect(other.status).toBe(200);
  scenario.served(other);
  // served beside them, not after their slots were freed: sent in the first half of their body time limit
  // (a busy machine may take longer to get here), it was answered while they still hung
  if (otherSentAt - sentAt < bodyTimeoutMs / 2) expect(hangingWhenOtherServed).toBe(true);
  // one address over its share is not a saturated server
  expect((await raw.request(OTHER, 'GET', scenario.readyPath)).status).toBe(200);
  // still hanging, unless a busy machine took longer than the body time limit to get here (the 408s below hold then)
  if (Date.now() - sentAt < bodyTimeoutMs) expect(waiting.every((g) => g.answered() === undefined)).toBe(true);

  // cut, and not before the body time limit (a limit not applied would leave them hanging past the
  // test's own time limit: no upper budget here, a busy machine's timers fire late)
  await Promise.all(waiting.map((g) => g.closed));
  expect(await Promise.all(waiting.map((g) => g.status))).toEqual(waiting.map(() => 408));
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(bodyTimeoutMs);
  // and their slots are free again
  expect((await call(GREEDY)).status).toBe(200);
}

/**
 * `hanging`: never-finished requests taking every slot, from several addresses. The readiness probe
 * answers 503 with the reason 'in-flight' while they hang, the health probe stays 200, a request
 * (`call`) is shed with 503 (`shed` checks its body), and readiness recovers once they are cut.
 * Returns the readiness probe's 503 answer.
 */
export async function expectReadinessFollowsSaturation(
  raw: RawClient,
  scenario: {
    hanging: RawExchange[];
    probeAddress: string;
    readyPath: string;
    healthPath: string;
    call: (address: string) => Promise<Answer>;
    shed?: (answer: Answer) => void;
  },
): Promise<Answer> {
  const { probeAddress, readyPath } = scenario;
  let ready: Answer = { status: 0, body: '', ms: 0 };
  await pollUntil(
    async () => {
      ready = await raw.request(probeAddress, 'GET', readyPath);
      return ready.status === 503;
    },
    30_000,
    `${readyPath} 503`,
  );
  expect(JSON.parse(ready.body)).toMatchObject({ status: 'unavailable', reason: 'in-flight' });
  expect((await raw.request(probeAddress, 'GET', scenario.healthPath)).status).toBe(200);
  const shed = await scenario.call(probeAddress);
  expect(shed.status).toBe(503);
  scenario.shed?.(shed);
  await Promise.all(scenario.hanging.map((h) => h.closed));
  expect((await raw.request(probeAddress, 'GET', readyPath)).status).toBe(200);
  return ready;
}

/**
 * With 127.0.0.1 the only trusted proxy and `perClient` connections per address: GREEDY's connections
 * beyond its share are closed without a byte of answer (nothing parsed, built or sent), at once; the
 * held ones stay open, another address is served (`otherServed`), the trusted proxy's connections are
 * never capped at accept, and GREEDY connects again once its connections close.
 */
export async function expectConnectionsCapped(
  raw: RawClient,
  scenario: { perClient: number; hangPath: string; healthPath: string; otherServed: () => Promise<void> },
): Promise<void> {
  const { perClient, hangPath, healthPath } = scenario;
  const held = Array.from({ length: perClient }, () => raw.neverFinished(GREEDY, hangPath));
  // connected: queued for accepting ahead of the ones below
  await Promise.all(held.map((h) => once(h.socket, 'connect')));
  const extra = Array.from({ length: 20 }, () => raw.open(GREEDY, `GET ${healthPath} HTTP/1.1\r\nHost: x\r\n\r\n`));
  // closed without a byte of answer (a connection that was accepted would have been answered 200)
  expect(await Promise.all(extra.map((e) => e.status))).toEqual(extra.map(() => undefined));
  await Promise.all(extra.map((e) => e.closed));
  expect(held.some((h) => h.isClosed())).toBe(false);

  await scenario.otherServed();
  // the trusted proxy's connections carry many clients: never capped at accept
  const proxied = Array.from({ length: 3 * perClient }, () => raw.neverFinished('127.0.0.1', hangPath));
  await Promise.all(proxied.map((p) => once(p.socket, 'connect')));
  expect((await raw.request('127.0.0.1', 'GET', healthPath)).status).toBe(200);
  expect(proxied.some((p) => p.isClosed())).toBe(false);

  for (const h of held) h.socket.destroy();
  await pollUntil(
    async () => (await raw.request(GREEDY, 'GET', healthPath).catch(() => ({ status: 0 }))).status === 200,
    30_000,
    'the address served again',
  );
}
