/**
 * Sign-up abuse (docs/decisions.md#sign-up-without-account-discovery, #bounded-password-hashing):
 * limited per client address; a taken username or e-mail answers exactly as a new one and costs no
 * password hash; hashing runs in a bounded lane, so a burst of sign-ups cannot hold up a login.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { SIGNUP_ANSWER } from '@bazaar/shared/contract';
import { queryRows } from '../../src/db/client.js';
import { hashingLane, hashingStats } from '../../src/auth/password.js';
import { DEMO, startTestApi, type TestApi, useApi } from '../setup/test-api.js';

const person = (username: string, email = `${username}@example.com`) => ({
  user: { firstName: 'Tara', lastName: 'Shah', username, email, password: 'Welcome#2025' },
});
const signup = (api: TestApi, body: ReturnType<typeof person>, address: string) =>
  api.request('POST', '/auth/signup', { json: body, headers: { 'x-forwarded-for': address } });

async function countUsers(api: TestApi, prefix: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    api.handle.db,
    sql`select count(*)::int as n from users where username like ${`${prefix}%`}`,
  );
  return row?.n ?? -1;
}

describe('sign-up from one address', () => {
  let api: TestApi;
  beforeAll(async () => {
    // the default limit, 10 an hour per address
    api = await startTestApi({ config: { signupLimit: { perAddress: 10, windowMs: 3_600_000 } } });
  });
  afterAll(async () => api.close());

  it('throttles 100 sign-ups and answers taken and new names identically', async () => {
    const address = '203.0.113.40';
    const answers: Array<{ taken: boolean; status: number; text: string; retryAfter: string | null }> = [];
    for (let i = 0; i < 100; i++) {
      // even: an existing username (with a new e-mail); odd: a new name
      const taken = i % 2 === 0;
      const body = taken ? person('investor', `spare${i}@example.com`) : person(`newbie${i}`);
      const result = await signup(api, body, address);
      answers.push({ taken, status: result.status, text: result.text, retryAfter: result.headers.get('retry-after') });
    }
    // the first 10 are accepted with one text, the other 90 refused with another
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(202));
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(90).fill(429));
    expect(new Set(answers.slice(0, 10).map((a) => a.text))).toEqual(
      new Set([JSON.stringify({ message: SIGNUP_ANSWER })]),
    );
    expect(new Set(answers.slice(10).map((a) => a.text)).size).toBe(1);
    expect(JSON.parse(answers[10]!.text)).toMatchObject({ status: 429, error: 'Too Many Requests' });
    expect(Number(answers[10]!.retryAfter)).toBeGreaterThan(0);
    // taken and new names: the same statuses and texts at the same positions of the run
    for (let i = 0; i < 100; i += 2) {
      expect(answers[i]!.status).toBe(answers[i + 1]!.status);
      expect(answers[i]!.text).toBe(answers[i + 1]!.text);
    }
    // 5 of the 10 accepted were new names: 5 accounts exist
    expect(await countUsers(api, 'newbie')).toBe(5);
    // another address is not affected
    expect((await signup(api, person('elsewhere'), '198.51.100.40')).status).toBe(202);
  });

  it('spends no password hash on a taken name, and answers it no sooner than a new account takes', async () => {
    const computed = hashingStats.computed;
    expect((await signup(api, person('timing_new'), '198.51.100.41')).status).toBe(202);
    expect(hashingStats.computed).toBe(computed + 1);
    // the typical hash's time as the new account's hash left it (a taken name computes none to change it)
    const typicalMs = hashingStats.typicalMs;
    const startTaken = performance.now();
    expect((await signup(api, person('timing_new', 'other@example.com'), '198.51.100.42')).status).toBe(202);
    const takenTook = performance.now() - startTaken;
    expect(hashingStats.computed).toBe(computed + 1);
    // a taken name holds a hashing slot for a typical hash's time, not an instant answer: a lower bound,
    // which a busy machine only makes longer (1 ms for the timer's rounding)
    expect(takenTook).toBeGreaterThanOrEqual(typicalMs - 1);
  });
});

describe('password hashing in a bounded lane', () => {
  const api = useApi({ config: { passwordHashing: { concurrency: 2, queue: 64 } } });

  it('runs at most 2 sign-up hashes at once, and a login completes while a burst of sign-ups waits', async () => {
    let peak = 0;
    let queued = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, hashingLane.load.running);
      queued = Math.max(queued, hashingLane.load.waiting);
    }, 2);
    const pending = new Set<number>();
    const burst = Array.from({ length: 12 }, (_, i) => {
      pending.add(i);
      return signup(api, person(`burst${i}`), `198.51.100.${100 + i}`).then((result) => {
        pending.delete(i);
        return result.status;
      });
    });
    // the login starts once the sign-ups have filled their lane and its queue
    await vi.waitFor(() => expect(hashingLane.load.waiting).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
    const login = await api.request('POST', '/auth/login', { json: DEMO.investor });
    const stillPending = pending.size;
    const statuses = await Promise.all(burst);
    clearInterval(sampler);
    expect(login.status).toBe(200);
    // the login did not queue behind all 12 hashes: sign-ups were still waiting when it was answered
    expect(stillPending).toBeGreaterThan(0);
    expect(statuses).toEqual(Array(12).fill(202));
    expect(peak).toBeLessThanOrEqual(2);
    expect(queued).toBeGreaterThan(0);
  });
});
