/**
 * The API quota of a key's owner (docs/product/developer.md#quotas) on direct REST calls and on the BFF's quota
 * calls: exact at the boundary (the N-th request passes, the N+1-th is 429 with the headers), reset at the next
 * midnight in India, shared by all the owner's keys, raised by a subscription plan, not counted again for a
 * request a trusted proxy marks as counted. Free quota here: 5 requests a day, 60 points a minute (1 a second).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiQuotaDto, PointsBucketDto } from '@bazaar/shared/contract';
import { createInvestor, DEMO, startTestApi, useApi } from '../setup/test-api.js';
import { createKey, nextIndianMidnight } from './helpers.js';

const FREE = { dailyRequests: 5, pointsPerMinute: 60 };
const PUBLIC_READ = '/public/stock-prices/dates';

const api = useApi({ config: { apiKeys: { hashSecret: undefined, freeQuota: FREE } } });
let admin: string;
let users = 0;

/** A new investor's session: each test counts against an owner of its own. */
async function newInvestor(target = api): Promise<string> {
  const username = `quota${++users}`;
  const password = 'Quota@1234';
  await createInvestor(target, await target.login(DEMO.admin.username, DEMO.admin.password), {
    firstName: 'Quota',
    lastName: 'Tester',
    username,
    email: `${username}@example.com`,
    password,
  });
  return target.login(username, password);
}

function rateLimitOf(headers: Headers) {
  return {
    limit: headers.get('x-ratelimit-limit'),
    remaining: headers.get('x-ratelimit-remaining'),
    used: headers.get('x-ratelimit-used'),
    reset: headers.get('x-ratelimit-reset'),
  };
}

beforeAll(async () => {
  admin = await api.login(DEMO.admin.username, DEMO.admin.password);
});

describe('the daily quota of direct REST calls', () => {
  it('passes the 5th request and refuses the 6th with 429, Retry-After and the headers; resets at midnight in India', async () => {
    const session = await newInvestor();
    const key = await createKey(api, session, ['market:read']);
    for (let n = 1; n <= 5; n++) {
      const before = Date.now();
      const answer = await api.request('GET', PUBLIC_READ, { token: key.key });
      expect(answer.status, `request ${n}`).toBe(200);
      const midnight = [nextIndianMidnight(before), nextIndianMidnight(Date.now())].map(String);
      const headers = rateLimitOf(answer.headers);
      expect({ ...headers, reset: undefined }).toEqual({
        limit: '5',
        remaining: String(5 - n),
        used: String(n),
        reset: undefined,
      });
      expect(midnight).toContain(headers.reset);
    }
    const refusedAt = Date.now();
    const refused = await api.request<{ message: string }>('GET', PUBLIC_READ, { token: key.key });
    expect(refused.status).toBe(429);
    expect(rateLimitOf(refused.headers)).toMatchObject({ limit: '5', remaining: '0', used: '5' });
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect([nextIndianMidnight(refusedAt), nextIndianMidnight(Date.now())]).toContain(reset);
    // Retry-After: the seconds until that midnight
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(reset - Math.ceil(Date.now() / 1000));
    expect(retryAfter).toBeLessThanOrEqual(reset - Math.floor(refusedAt / 1000) + 1);
    expect(refused.body.message).toMatch(
      /^The daily API quota of 5 requests \(all your keys together\) is used up; it starts again at midnight India time, in /,
    );
    // refused requests count nothing: still 5 used
    const again = await api.request('GET', PUBLIC_READ, { token: key.key });
    expect(again.status).toBe(429);
    expect(again.headers.get('x-ratelimit-used')).toBe('5');
  });

  it("is the owner's, all keys together; another owner's keys count apart", async () => {
    const session = await newInvestor();
    const first = await createKey(api, session, ['market:read']);
    const second = await createKey(api, session, ['market:read', 'portfolio:read']);
    for (let n = 0; n < 3; n++) expect((await api.request('GET', PUBLIC_READ, { token: first.key })).status).toBe(200);
    const fourth = await api.request('GET', '/user/holding', { token: second.key });
    expect(fourth.status).toBe(200);
    expect(rateLimitOf(fourth.headers)).toMatchObject({ remaining: '1', used: '4' });
    expect((await api.request('GET', PUBLIC_READ, { token: second.key })).status).toBe(200);
    expect((await api.request('GET', PUBLIC_READ, { token: first.key })).status).toBe(429);
    const other = await createKey(api, await newInvestor(), ['market:read']);
    const fresh = await api.request('GET', PUBLIC_READ, { token: other.key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-used')).toBe('1');
    // a session is no key: no quota, no headers
    const bySession = await api.request('GET', PUBLIC_READ, { token: session });
    expect(bySession.status).toBe(200);
    expect(bySession.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it("follows the owner's subscription plan: its requests a day instead of the free quota", async () => {
    const plan = await api.request<{ id: number; apiDailyRequests: number; apiPointsPerMinute: number }>(
      'POST',
      '/admin/subscription-plans',
      {
        token: admin,
        json: { name: 'Integrator', description: 'More calls', price: '99', durationInDays: 30, apiDailyRequests: 8 },
      },
    );
    expect(plan.status, plan.text).toBe(201);
    // the points left out: the free quota's
    expect(plan.body).toMatchObject({ apiDailyRequests: 8, apiPointsPerMinute: 60 });
    const session = await newInvestor();
    const me = (await api.request<{ id: number }>('GET', '/user/profile', { token: session })).body;
    const key = await createKey(api, session, ['market:read']);
    expect((await api.request('GET', PUBLIC_READ, { token: key.key })).headers.get('x-ratelimit-limit')).toBe('5');
    const subscribed = await api.request('POST', '/user/subscription/subscribe', {
      token: session,
      json: { planId: plan.body.id, userId: me.id },
    });
    expect(subscribed.status, subscribed.text).toBeLessThan(300);
    // each instance reads a key's owner and plan at least every half second
    await vi.waitFor(
      async () =>
        expect(rateLimitOf((await api.request('GET', PUBLIC_READ, { token: key.key })).headers)).toMatchObject({
          limit: '8',
        }),
      { timeout: 10_000, interval: 100 },
    );
    // an edit of the plan's quota applies at once too (the name and the rest as they were)
    const edited = await api.request('PUT', `/admin/subscription-plans/${plan.body.id}`, {
      token: admin,
      json: { name: 'Integrator', description: 'More calls', price: '99', durationInDays: 30, apiDailyRequests: 1000 },
    });
    expect(edited.body).toMatchObject({ apiDailyRequests: 1000, apiPointsPerMinute: 60 });
    await vi.waitFor(
      async () =>
        expect(rateLimitOf((await api.request('GET', PUBLIC_READ, { token: key.key })).headers).limit).toBe('1000'),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('refuses a plan quota out of range with a message', async () => {
    for (const [value, message] of [
      [0, 'API requests a day must be at least 1'],
      [100_000_001, 'API requests a day must be at most 100000000'],
      ['lots', 'API requests a day must be a whole number'],
    ] as const) {
      const answer = await api.request<{ message: string }>('POST', '/admin/subscription-plans', {
        token: admin,
        json: {
          name: `Bad ${String(value)}`,
          description: 'x',
          price: '1',
          durationInDays: 1,
          apiDailyRequests: value,
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
  });
});

describe('one request counts once', () => {
  it('does not count again a call a trusted proxy marks as counted (the BFF, for a GraphQL request)', async () => {
    const key = await createKey(api, await newInvestor(), ['market:read']);
    expect((await api.request('GET', PUBLIC_READ, { token: key.key })).headers.get('x-ratelimit-used')).toBe('1');
    // from 127.0.0.1, a trusted proxy here (TRUST_PROXY=loopback)
    for (let n = 0; n < 4; n++) {
      const marked = await api.request('GET', PUBLIC_READ, { token: key.key, headers: { 'x-quota-counted': '1' } });
      expect(marked.status).toBe(200);
      expect(marked.headers.get('x-ratelimit-used')).toBeNull();
    }
    expect((await api.request('GET', PUBLIC_READ, { token: key.key })).headers.get('x-ratelimit-used')).toBe('2');
  });

  it('counts a marked call from anyone else as any other', async () => {
    const untrusting = await startTestApi({
      config: { trustProxy: '192.0.2.1', apiKeys: { hashSecret: undefined, freeQuota: FREE } },
    });
    try {
      const key = await createKey(untrusting, await newInvestor(untrusting), ['market:read']);
      for (let n = 1; n <= 3; n++) {
        const marked = await untrusting.request('GET', PUBLIC_READ, {
          token: key.key,
          headers: { 'x-quota-counted': '1' },
        });
        expect(marked.headers.get('x-ratelimit-used')).toBe(String(n));
      }
      // and the BFF's quota calls are refused to it
      const call = await untrusting.request<{ message: string }>('POST', '/user/api-quota/graphql', {
        token: key.key,
        json: { requestedCost: 1 },
      });
      expect(call.status).toBe(403);
    } finally {
      await untrusting.close();
    }
  });
});

describe("the BFF's quota calls", () => {
  it('count a GraphQL request once and take its cost from the points bucket, exact at the boundary', async () => {
    const session = await newInvestor();
    const key = await createKey(api, session, ['market:read']);
    const count = (requestedCost: number) =>
      api.request<ApiQuotaDto & { message?: string }>('POST', '/user/api-quota/graphql', {
        token: key.key,
        json: { requestedCost },
      });
    const first = await count(25);
    expect(first.status, first.text).toBe(200);
    expect(first.body.scopes).toEqual(['market:read']);
    expect(first.body.daily).toMatchObject({ limit: 5, remaining: 4, used: 1 });
    // a full bucket of 60, 25 taken (refilled by at most a point a second since)
    expect(first.body.points.maximumAvailable).toBe(60);
    expect(first.body.points.restoreRate).toBe(1);
    expect(first.body.points.currentlyAvailable).toBeGreaterThanOrEqual(35);
    expect(first.headers.get('x-ratelimit-used')).toBe('1');

    const second = await count(25);
    expect(second.status).toBe(200);
    const left = second.body.points.currentlyAvailable;
    expect(left).toBeGreaterThanOrEqual(10);
    // 25 more than what is left: 429, nothing counted, wait for the missing points at a point a second
    const third = await count(25);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(
      /^This request costs 25 points and \d+ of your 60 points a minute are available; try again in \d+ seconds$/,
    );
    const available = Number(/and (\d+) of/.exec(third.body.message ?? '')?.[1]);
    expect(Number(third.headers.get('retry-after'))).toBe(Math.max(1, Math.ceil(25 - available)));
    expect(third.headers.get('x-ratelimit-used')).toBe('2');

    // more than the bucket can ever hold: 400, nothing counted
    const tooCostly = await count(61);
    expect(tooCostly.status).toBe(400);
    expect(tooCostly.body.message).toBe(
      'This request costs 61 points, more than the 60 points a minute of your API quota: ask for fewer fields or rows, or page through them',
    );
    // the points an answer did not use come back
    const refunded = await api.request<PointsBucketDto>('POST', '/user/api-quota/graphql/refund', {
      token: key.key,
      json: { points: 20 },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.currentlyAvailable).toBeGreaterThanOrEqual(available + 20);
    // a session has no quota
    const bySession = await api.request<{ message: string }>('POST', '/user/api-quota/graphql', {
      token: session,
      json: { requestedCost: 1 },
    });
    expect(bySession.status).toBe(400);
    expect(bySession.body.message).toBe('Only requests made with an API key have a quota');
  });
});
