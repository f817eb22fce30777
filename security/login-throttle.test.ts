/**
 * Login guessing: a stranger's wrong passwords from one address do not lock the owner out — the
 * owner logs in from another address within a minute (after a short delay at most) — and the
 * guesser is slowed down, with the username and the e-mail counted as one account (guesses through
 * either add up).
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, MODES, useStack, waitFor } from './harness.js';

const GUESSER = '127.0.0.5';
const OWNER = '127.0.0.6';
const SECOND_GUESSER = '127.0.0.7';

describe.each(MODES)('login guessing (%s)', (mode) => {
  const stack = useStack(mode);

  it('10 wrong passwords from one address do not stop the owner logging in from another within a minute', async () => {
    const { username, password } = ACCOUNTS.investor;
    // the same name ten times: what used to lock the account for 15 minutes
    const guesses = [];
    for (let guess = 0; guess < 10; guess++)
      guesses.push((await apiLogin(stack.api.url, username, `Wrong@${guess}xx`, GUESSER)).status);
    expect(guesses.every((status) => status === 401 || status === 429)).toBe(true);

    // the owner: a short, growing delay is allowed (Retry-After is honoured), a lockout is not
    const started = Date.now();
    const attempts: number[] = [];
    const token = await waitFor(
      async () => {
        const login = await apiLogin(stack.api.url, username, password, OWNER);
        attempts.push(login.status);
        if (login.status === 200) return login.token;
        expect(login.status).toBe(429);
        // wait what the server asks (bounded by the minute the owner is given)
        const waitMs = Math.min((login.retryAfter ?? 1) * 1000, Math.max(0, started + 60_000 - Date.now()));
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        return undefined;
      },
      60_000,
      `the owner logging in (answers so far: ${attempts.join(', ')})`,
      0,
    );
    expect(token).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('counts the username and the e-mail as one account', async () => {
    const { username, email } = ACCOUNTS.staff;
    // 20 guesses, alternating the two names: 10 per name were allowed before, 20 in all
    const statuses: number[] = [];
    for (let guess = 0; guess < 20; guess++)
      statuses.push(
        (await apiLogin(stack.api.url, guess % 2 ? email : username, `Wrong@${guess}yy`, SECOND_GUESSER)).status,
      );
    const firstThrottled = statuses.indexOf(429);
    expect(firstThrottled, `statuses: ${statuses.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(firstThrottled).toBeLessThanOrEqual(10);
  });
});
