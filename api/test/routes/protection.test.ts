import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';

describe('per-client rate limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { rateLimitPerMinute: 60 } });
  });
  afterAll(async () => api.close());

  it('answers 429 with Retry-After beyond the limit, per client address', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<TestApi['request']>> | undefined;
    for (let i = 0; i < 15; i++) {
      const result = await api.request('POST', '/auth/login', {
        json: { username: 'nobody', password: 'whatever1' },
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      statuses.push(result.status);
      if (result.status === 429) limited ??= result;
    }
    // capacity is 10 (the minimum burst): ten answers, then 429s
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    expect(limited?.body).toMatchObject({ status: 429, error: 'Too Many Requests' });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // another client is not affected, and health stays reachable
    expect(
      (await api.request('POST', '/auth/login', { json: DEMO.admin, headers: { 'x-forwarded-for': '203.0.113.51' } }))
        .status,
    ).toBe(200);
    expect((await api.request('GET', '/health', { headers: { 'x-forwarded-for': '203.0.113.50' } })).status).toBe(200);
  });
});

describe('load shedding', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { maxInFlightRequests: 2 } });
  });
  afterAll(async () => api.close());

  it('answers 503 at once beyond the requests in flight, and serves again afterwards', async () => {
    // logins take ~0.2 s each (scrypt): eight at once exceed two in flight
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.request('POST', '/auth/login', { json: DEMO.investor })),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const shed = results.find((result) => result.status === 503);
    expect(shed?.headers.get('retry-after')).toBe('1');
    expect(shed?.body).toMatchObject({ message: 'The server is busy; please try again in a moment' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await api.request('POST', '/auth/login', { json: DEMO.investor })).status).toBe(200);
  });
});
