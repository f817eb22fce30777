import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';

const wrong = (username: string, address?: string) => ({
  json: { username, password: 'Wrong#pass1' },
  headers: address ? { 'x-forwarded-for': address } : undefined,
});

describe('failed-login limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { loginLimits: { perAccount: 3, perAddress: 5, windowMs: 60_000 } } });
  });
  afterAll(async () => api.close());

  it('locks an account after 3 failures, even for the right password, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await api.request('POST', '/auth/login', wrong('staff', `10.0.0.${i + 1}`))).status).toBe(401);
    const locked = await api.request('POST', '/auth/login', {
      json: DEMO.staff,
      headers: { 'x-forwarded-for': '10.0.0.9' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      status: 429,
      error: 'Too Many Requests',
      message: 'Too many failed login attempts; please try again in 1 minute',
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // other accounts are not affected
    expect(
      (await api.request('POST', '/auth/login', { json: DEMO.admin, headers: { 'x-forwarded-for': '10.0.0.9' } }))
        .status,
    ).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 5; i++)
      expect((await api.request('POST', '/auth/login', wrong(`user${i}`, address))).status).toBe(401);
    expect(
      (await api.request('POST', '/auth/login', { json: DEMO.investor, headers: { 'x-forwarded-for': address } }))
        .status,
    ).toBe(429);
    expect(
      (await api.request('POST', '/auth/login', { json: DEMO.investor, headers: { 'x-forwarded-for': '192.0.2.78' } }))
        .status,
    ).toBe(200);
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < 6; i++)
      expect(
        (
          await api.request('POST', '/auth/login', {
            json: DEMO.investor,
            headers: { 'x-forwarded-for': '198.51.100.1' },
          })
        ).status,
      ).toBe(200);
  });
});

describe('forwarded addresses', () => {
  let api: TestApi;
  beforeAll(async () => {
    // only 10.9.9.9 is a trusted proxy here: the test client's X-Forwarded-For is ignored
    api = await startTestApi({
      config: { trustProxy: '10.9.9.9', loginLimits: { perAccount: 100, perAddress: 2, windowMs: 60_000 } },
    });
  });
  afterAll(async () => api.close());

  it('cannot be faked by clients that are not trusted proxies', async () => {
    expect((await api.request('POST', '/auth/login', wrong('a', '203.0.113.1'))).status).toBe(401);
    expect((await api.request('POST', '/auth/login', wrong('b', '203.0.113.2'))).status).toBe(401);
    // a third "address" is still the same client
    expect((await api.request('POST', '/auth/login', wrong('c', '203.0.113.3'))).status).toBe(429);
  });
});
