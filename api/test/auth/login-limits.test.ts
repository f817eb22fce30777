/**
 * Failed logins slow down, they never lock the owner out (docs/decisions.md#login-throttling-without-lockout).
 * Here: 3 free failures per (account, address), then waits of 30 s, 60 s (the cap); 6 failures per account
 * from all addresses before every try waits; 8 failures per address across accounts, then 429. Waits this
 * long cannot pass during the test, so each answer is certain; the doubling and the cap are checked with
 * an explicit clock in attempt-limiter.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi, useApi } from '../setup/test-api.js';

const from = (address: string) => ({ 'x-forwarded-for': address });
const attempt = (api: TestApi, username: string, password: string, address: string) =>
  api.request<{ message: string }>('POST', '/auth/login', { json: { username, password }, headers: from(address) });
const wrong = (api: TestApi, username: string, address: string) => attempt(api, username, 'Wrong#pass1', address);

describe('failed-login backoff', () => {
  const api = useApi({
    config: {
      loginLimits: {
        perAccountAddress: 3,
        perAccount: 6,
        perAddress: 8,
        windowMs: 15 * 60_000,
        baseDelayMs: 30_000,
        maxDelayMs: 60_000,
      },
    },
  });

  it('lets the owner in from another address right after 10 wrong passwords from one address', async () => {
    const attacker = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await wrong(api, DEMO.staff.username, attacker)).status);
    // 3 free failures are answered 401; the 4th is tried and opens a 30 s wait for this pair
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual(Array(6).fill(429));
    const blocked = await wrong(api, DEMO.staff.username, attacker);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(blocked.body.message).toMatch(/^Too many failed login attempts; please try again in \d+ seconds?$/);

    const owner = await attempt(api, DEMO.staff.username, DEMO.staff.password, '198.51.100.10');
    expect(owner.status).toBe(200);
  });

  it('counts the username and the e-mail of one account as one account', async () => {
    const address = '203.0.113.20';
    expect((await wrong(api, 'investor', address)).status).toBe(401);
    expect((await wrong(api, 'INVESTOR@bazaar-insight.local', address)).status).toBe(401);
    expect((await wrong(api, 'Investor', address)).status).toBe(401);
    expect((await wrong(api, 'investor@bazaar-insight.local', address)).status).toBe(401);
    // the 4th failure of the pair asks for a wait, whichever name the next try uses
    expect((await wrong(api, 'investor', address)).status).toBe(429);
    expect((await wrong(api, 'investor@bazaar-insight.local', address)).status).toBe(429);
    // another account from the same address is not slowed by it
    expect((await attempt(api, DEMO.admin.username, DEMO.admin.password, address)).status).toBe(200);
  });

  it('slows an account tried from many addresses, by seconds, not a lockout', async () => {
    // admin: 6 failures from 6 addresses reach the account-wide count; each pair is still within its free ones
    for (let i = 0; i < 6; i++) expect((await wrong(api, 'admin', `192.0.2.${i + 1}`)).status).toBe(401);
    const seventh = await wrong(api, 'admin', '192.0.2.50');
    expect(seventh.status).toBe(401);
    // 7 failures, one beyond the free 6: every address now waits the first step, 30 s
    const owner = await attempt(api, 'admin', DEMO.admin.password, '198.51.100.99');
    expect(owner.status).toBe(429);
    const wait = Number(owner.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
  });

  it('limits one address failing on many accounts for the window', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 8; i++) expect((await wrong(api, `nobody${i}`, address)).status).toBe(401);
    expect((await attempt(api, 'nobody-new', 'Whatever#1', address)).status).toBe(429);
    const elsewhere = await attempt(api, DEMO.investor.username, DEMO.investor.password, '192.0.2.78');
    expect(elsewhere.status).toBe(200);
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < 6; i++)
      expect((await attempt(api, DEMO.investor.username, DEMO.investor.password, '198.51.100.1')).status).toBe(200);
  });
});

describe('the owner gets in within a minute of a stranger’s failures (default limits)', () => {
  const api = useApi();

  it('after 10 wrong passwords from one address, the owner’s right one from another address works at once', async () => {
    for (let i = 0; i < 10; i++) {
      const result = await wrong(api, DEMO.admin.username, '203.0.113.66');
      expect([401, 429]).toContain(result.status);
    }
    const owner = await attempt(api, DEMO.admin.username, DEMO.admin.password, '198.51.100.66');
    expect(owner.status).toBe(200);
  });
});

describe('forwarded addresses', () => {
  let api: TestApi;
  beforeAll(async () => {
    // only 10.9.9.9 is a trusted proxy here: the test client's X-Forwarded-For is ignored
    api = await startTestApi({
      config: {
        trustProxy: '10.9.9.9',
        loginLimits: {
          perAccountAddress: 100,
          perAccount: 100,
          perAddress: 2,
          windowMs: 60_000,
          baseDelayMs: 1000,
          maxDelayMs: 60_000,
        },
      },
    });
  });
  afterAll(async () => api.close());

  it('cannot be faked by clients that are not trusted proxies', async () => {
    expect((await wrong(api, 'a', '203.0.113.1')).status).toBe(401);
    expect((await wrong(api, 'b', '203.0.113.2')).status).toBe(401);
    // a third "address" is still the same client
    expect((await wrong(api, 'c', '203.0.113.3')).status).toBe(429);
  });
});
