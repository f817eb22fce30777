/**
 * Bodies that never finish: one address opens 600 requests that send their headers and one byte of
 * a 100,000-byte body, then nothing. Another address is still served within 2 s, by the BFF (a
 * GraphQL query) and by the API (a REST read), while those connections are held: one client cannot
 * take every in-flight slot (per-address limits, request timeouts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, MODES, request, slowBody, startStack, waitFor, type SlowBody, type Stack } from './harness.js';

const ATTACKER = '127.0.0.1';
const OTHER = '127.0.0.2';
const CONNECTIONS = 600;

describe.each(MODES)('bodies that never finish (%s)', (mode) => {
  let stack: Stack;
  let held: SlowBody[] = [];
  beforeAll(async () => {
    stack = await startStack(mode);
  });
  afterAll(async () => {
    for (const connection of held) connection.socket.destroy();
    await stack?.stop();
  });

  for (const target of ['bff', 'api'] as const) {
    it(`leaves another address's requests answering within 2 s (${target})`, async () => {
      const url = target === 'bff' ? `${stack[target].url}/graphql` : `${stack.api.url}/api/auth/login`;
      const victim = async () => {
        if (target === 'bff') {
          const answer = await graphql<{ stockPrices: unknown[] }>(
            stack.bff.url,
            '{ stockPrices { symbol closePrice } }',
            {},
            { from: OTHER, timeoutMs: 10_000 },
          );
          return { ms: answer.ms, ok: answer.status === 200 && (answer.data?.stockPrices.length ?? 0) > 0 };
        }
        const answer = await request(`${stack.api.url}/api/public/stock-prices`, { from: OTHER, timeoutMs: 10_000 });
        return { ms: answer.ms, ok: answer.status === 200 };
      };
      // warm: the first answer of a fresh process is not the one measured
      expect((await victim()).ok).toBe(true);

      held = [];
      // in small waves, so the attack is in place and not just queued in the listen backlog
      for (let wave = 0; wave < CONNECTIONS / 50; wave++)
        held.push(...(await Promise.all(Array.from({ length: 50 }, () => slowBody(url, ATTACKER)))));
      // the server has read the headers: either it answered some of them already (refused beyond a
      // limit) or it holds them all; a request of the attacker's own address tells us it is reading
      await waitFor(
        async () => {
          try {
            await request(target === 'bff' ? `${stack.bff.url}/healthz` : `${stack.api.url}/health`, {
              from: ATTACKER,
              timeoutMs: 2_000,
            });
            return true;
          } catch {
            return false;
          }
        },
        30_000,
        'the server reading the held requests',
      ).catch(() => undefined);

      const answers = [];
      for (let attempt = 0; attempt < 5; attempt++) answers.push(await victim());
      const stillHeld = held.filter((connection) => !connection.closed()).length;
      for (const connection of held) connection.socket.destroy();
      held = [];

      expect({ answers, stillHeld }).toMatchObject({
        answers: answers.map(() => ({ ok: true })),
      });
      for (const answer of answers) expect(answer.ms).toBeLessThan(2_000);
    });
  }
});
