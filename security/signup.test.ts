/**
 * Sign-up from one address: throttled (429 once over the limit, and from then on), and an existing
 * username or e-mail answers exactly as a new one does (same status, same body), so sign-up tells
 * no one which accounts exist. Another address is not affected by the first one's limit.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, MODES, request, useStack } from './harness.js';

const ATTACKER = '127.0.0.3';
const OTHER = '127.0.0.4';
const ATTEMPTS = 100;

function signupBody(username: string, email: string) {
  return JSON.stringify({
    user: { firstName: 'Sam', lastName: 'Probe', username, email, password: 'Probe@1234' },
  });
}

const fresh = () => {
  const id = randomUUID().slice(0, 8);
  return { username: `probe${id}`, email: `probe${id}@example.com` };
};

describe.each(MODES)('sign-up flood from one address (%s)', (mode) => {
  const stack = useStack(mode);

  it('throttles 100 sign-ups and answers existing and new names alike', async () => {
    const signup = (username: string, email: string, from = ATTACKER) =>
      request(`${stack.api.url}/api/auth/signup`, {
        body: signupBody(username, email),
        headers: { 'content-type': 'application/json' },
        from,
      });
    // three kinds in turn: new, existing username, existing e-mail
    const answers: Array<{ kind: string; status: number; text: string }> = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const kind = ['new', 'existing username', 'existing e-mail'][attempt % 3]!;
      const names = fresh();
      const answer =
        kind === 'new'
          ? await signup(names.username, names.email)
          : kind === 'existing username'
            ? await signup(ACCOUNTS.investor.username, names.email)
            : await signup(names.username, ACCOUNTS.investor.email);
      answers.push({ kind, status: answer.status, text: answer.text });
    }

    const firstThrottled = answers.findIndex((answer) => answer.status === 429);
    expect(firstThrottled, 'a 429 among 100 sign-ups').toBeGreaterThan(0);
    // from the first 429 on, every answer is 429
    expect(answers.slice(firstThrottled).filter((answer) => answer.status !== 429)).toEqual([]);

    // before the limit: one answer for all three kinds
    const served = answers.slice(0, firstThrottled);
    const distinct = new Set(served.map((answer) => `${answer.status} ${answer.text}`));
    expect({ kinds: new Set(served.map((answer) => answer.kind)).size, distinct: [...distinct] }).toEqual({
      kinds: Math.min(3, served.length),
      distinct: [...distinct].slice(0, 1),
    });
    expect(served[0]!.status).toBeLessThan(300);

    // a 429 does not tell either: the same answer for an existing and a new name
    const throttledNew = await signup(fresh().username, fresh().email);
    const throttledExisting = await signup(ACCOUNTS.investor.username, fresh().email);
    expect(throttledNew.status).toBe(429);
    expect(throttledExisting.status).toBe(429);

    // another address still signs up
    const other = fresh();
    const elsewhere = await signup(other.username, other.email, OTHER);
    expect(elsewhere.status).toBeLessThan(300);
  });
});
