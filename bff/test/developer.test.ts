/**
 * API keys through GraphQL (docs/product/developer.md), the BFF against the real REST API: keys managed by a
 * session only; a request with a key counted once, a batch too, and the REST calls the BFF makes for it not
 * again; the X-RateLimit-* headers, `extensions.cost` and the `rateLimit` field; the points bucket exact at its
 * boundary (429 with Retry-After), a query costing more than the bucket refused before it runs (400); the daily
 * quota exact at its boundary; a request of a key the BFF knows counted by its first REST call, a refusal there
 * answered instead of the data; a key in the wrong place 400, a forged or revoked one 401.
 * The free quota here is 1,000 requests a day and 6 points a minute; the tests that count whole requests give
 * their investor a plan with more points.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PointsBucketDto } from '@bazaar/shared/contract';
import { createInvestor, DEMO } from '../../api/test/setup/test-api.js';
import { createKey, nextIndianMidnight, revokeKey } from '../../api/test/developer/helpers.js';
import { readGraphQLResult, type GraphQLResult, useStack, expectBadUserInput } from './setup/stack.js';

const stack = useStack({
  api: {
    config: { apiKeys: { hashSecret: undefined, freeQuota: { dailyRequests: 1000, pointsPerMinute: 6 } } },
  },
});
let admin: string;
let investors = 0;

beforeAll(async () => {
  admin = await stack.api.login(DEMO.admin.username, DEMO.admin.password);
});

/** A new investor's session (and name), subscribed to a plan with this quota when one is given. */
async function newInvestor(quota?: { apiDailyRequests: number; apiPointsPerMinute: number }): Promise<string> {
  return (await newAccount(quota)).session;
}

const PASSWORD = 'Develop@123';

async function newAccount(quota?: { apiDailyRequests: number; apiPointsPerMinute: number }) {
  const username = `dev${++investors}`;
  const password = PASSWORD;
  const id = await createInvestor(stack.api, admin, {
    firstName: 'Dev',
    lastName: 'Eloper',
    username,
    email: `${username}@example.com`,
    password,
  });
  const session = await stack.api.login(username, password);
  if (quota) {
    const plan = await stack.api.request<{ id: number }>('POST', '/admin/subscription-plans', {
      token: admin,
      json: { name: `Plan of ${username}`, description: 'API', price: '10', durationInDays: 30, ...quota },
    });
    expect(plan.status, plan.text).toBe(201);
    const subscribed = await stack.api.request('POST', '/user/subscription/subscribe', {
      token: session,
      json: { planId: plan.body.id, userId: id },
    });
    expect(subscribed.status, subscribed.text).toBeLessThan(300);
  }
  return { session, username };
}

/** A GraphQL request with a key (a body or a batch of bodies), as an integrator sends it. */
async function withKey<T = Record<string, unknown>>(
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<GraphQLResult<T> & { extensions?: Record<string, unknown> }> {
  const response = await fetch(`${stack.bffUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = JSON.parse(text) as {
    data?: T;
    errors?: GraphQLResult['errors'];
    extensions?: Record<string, unknown>;
  };
  return {
    status: response.status,
    data: parsed.data ?? null,
    errors: parsed.errors,
    headers: response.headers,
    extensions: parsed.extensions,
  };
}

const used = (result: { headers: Headers }) => result.headers.get('x-ratelimit-used');

/** The points bucket as the REST API has it now (a refund of nothing, as the BFF would send it). */
async function bucketOf(key: string): Promise<PointsBucketDto> {
  const answer = await stack.api.request<PointsBucketDto>('POST', '/user/api-quota/graphql/refund', {
    token: key,
    json: { points: 0 },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('API keys through GraphQL', () => {
  it('are managed by a session: made (the secret once), listed, revoked; a key cannot', async () => {
    const { username } = await newAccount({ apiDailyRequests: 100, apiPointsPerMinute: 100_000 });
    const client = stack.client();
    await client.login(username, PASSWORD);
    const made = await client.request<{
      createApiKey: { id: string; name: string; scopes: string[]; prefix: string; key: string; expiresAt: string };
    }>(
      `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { id name scopes prefix key createdAt expiresAt } }`,
      { input: { name: 'Spreadsheet', scopes: ['PORTFOLIO_READ', 'MARKET_READ'], expiresInDays: 30 } },
    );
    expect(made.errors).toBeUndefined();
    const key = made.data!.createApiKey;
    expect(key).toMatchObject({ name: 'Spreadsheet', scopes: ['MARKET_READ', 'PORTFOLIO_READ'] });
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const listed = await client.request<{ apiKeys: Array<Record<string, unknown>> }>(
      '{ apiKeys { id name scopes prefix expiresSoon expired lastUsedAt } }',
    );
    expect(listed.data?.apiKeys.find((row) => row.id === key.id)).toEqual({
      id: key.id,
      name: 'Spreadsheet',
      scopes: ['MARKET_READ', 'PORTFOLIO_READ'],
      prefix: key.prefix,
      expiresSoon: false,
      expired: false,
      lastUsedAt: null,
    });
    // the key itself may not see or make keys
    const byKey = await withKey(key.key, { query: '{ apiKeys { id } }' });
    expect(byKey.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    // bad input: the REST API's words
    const bad = await client.request(`mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { id } }`, {
      input: { name: 'x', scopes: ['MARKET_READ'], expiresInDays: 400 },
    });
    expectBadUserInput(bad, 'Expires in days must be at most 365');
    const revoked = await client.request<{ revokeApiKey: { id: string } }>(
      'mutation ($id: ID!) { revokeApiKey(id: $id) { id message } }',
      { id: key.id },
    );
    expect(revoked.data?.revokeApiKey.id).toBe(key.id);
    const refused = await withKey(key.key, { query: '{ serviceStatus { bff } }' });
    expect(refused.status).toBe(401);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This API key was revoked: create a new one on the Developer page',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('is refused in the wrong place with 400, and forged with 401', async () => {
    const key = await createKey(stack.api, await newInvestor(), ['market:read']);
    const query = encodeURIComponent('{ serviceStatus { bff } }');
    const wrong = [
      await fetch(`${stack.bffUrl}/graphql?query=${query}&api_key=${key.key}`),
      await fetch(`${stack.bffUrl}/graphql?query=${query}`, { headers: { 'x-api-key': key.key } }),
      await fetch(`${stack.bffUrl}/graphql?query=${query}`, { headers: { authorization: key.key } }),
    ];
    for (const response of wrong) {
      const result = await readGraphQLResult(response);
      expect(result.status).toBe(400);
      expect(result.errors?.[0]?.message).toBe(
        'Send the API key in the Authorization header as "Bearer <key>", never in X-Api-Key or in the address',
      );
    }
    // the last character changed (to 'x', or 'y' where it was an 'x': one key in 62 ends in one)
    const forged = await withKey(`${key.key.slice(0, -1)}${key.key.endsWith('x') ? 'y' : 'x'}`, {
      query: '{ serviceStatus { bff } }',
    });
    expect(forged.status).toBe(401);
    expect(forged.errors?.[0]?.message).toBe('This API key is not valid');
  });
});

describe('a GraphQL request with a key', () => {
  it('counts once, a batch too, and not the REST calls made for it; rateLimit and the headers say so', async () => {
    const session = await newInvestor({ apiDailyRequests: 100, apiPointsPerMinute: 100_000 });
    const key = await createKey(stack.api, session, ['market:read', 'portfolio:read']);
    // three fields, each its own REST call(s): one request counted
    const many = '{ holdings { id } watchlist { symbol } portfolioSummary { __typename } }';
    const first = await withKey(key.key, { query: many });
    expect(first.errors).toBeUndefined();
    expect(used(first)).toBe('1');
    expect(first.headers.get('x-ratelimit-limit')).toBe('100');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(used(await withKey(key.key, { query: many }))).toBe('2');
    // a batch of three operations: one request
    const batch = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
      body: JSON.stringify([{ query: many }, { query: '{ serviceStatus { bff } }' }, { query: '{ tradingDays }' }]),
    });
    expect(batch.status).toBe(200);
    expect(used(batch)).toBe('3');
    // a direct REST call: one more
    const rest = await stack.api.request('GET', '/user/holding', { token: key.key });
    expect(rest.headers.get('x-ratelimit-used')).toBe('4');
    const at = Date.now();
    const limit = await withKey<{ rateLimit: Record<string, unknown> }>(key.key, {
      query: '{ rateLimit { limit remaining used resetAt points { maximumAvailable restoreRate } } }',
    });
    expect(limit.data?.rateLimit).toMatchObject({
      limit: 100,
      remaining: 95,
      used: 5,
      points: { maximumAvailable: 100_000, restoreRate: 1666.67 },
    });
    const resetAt = Date.parse(String(limit.data?.rateLimit.resetAt)) / 1000;
    expect([nextIndianMidnight(at), nextIndianMidnight(Date.now())]).toContain(resetAt);
    // a session has no key and no rate limit
    const client = await stack.clientAs('investor');
    expect((await client.request<{ rateLimit: unknown }>('{ rateLimit { limit } }')).data?.rateLimit).toBeNull();
  });

  it('carries extensions.cost: the requested cost, the values answered, the bucket; unused points come back', async () => {
    const session = await newInvestor({ apiDailyRequests: 100, apiPointsPerMinute: 1200 });
    const key = await createKey(stack.api, session, ['market:read', 'portfolio:read']);
    // serviceStatus (1) + bff (1) + api (1): 3 requested, 3 answered
    const small = await withKey(key.key, { query: '{ serviceStatus { bff api } }' });
    expect(small.extensions?.cost).toMatchObject({
      requestedQueryCost: 3,
      actualQueryCost: 3,
      throttleStatus: { maximumAvailable: 1200, restoreRate: 20 },
    });
    // holdings counted at 200 rows: 1 + 200 × 1 requested; this investor has none: the field alone answered
    const before = await bucketOf(key.key);
    const holdings = await withKey(key.key, { query: '{ holdings { id } }' });
    expect(holdings.data).toEqual({ holdings: [] });
    const cost = holdings.extensions?.cost as {
      requestedQueryCost: number;
      actualQueryCost: number;
      throttleStatus: PointsBucketDto;
    };
    expect(cost.requestedQueryCost).toBe(201);
    expect(cost.actualQueryCost).toBe(1);
    // the answer's bucket: 201 taken, the 200 unused given back (and at most a few seconds' refill)
    expect(cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(before.currentlyAvailable - 1);
    // the refund arrives once the answer has left: 200 back at once, where the refill alone would take 10 s
    await vi.waitFor(async () => expect((await bucketOf(key.key)).currentlyAvailable).toBeGreaterThanOrEqual(1190), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('is refused beyond the points bucket with 429 and Retry-After, exact at the boundary', async () => {
    // the free quota: 6 points a minute, refilled at a tenth of a point a second
    const key = await createKey(stack.api, await newInvestor(), ['market:read']);
    const query = { query: '{ serviceStatus { bff } }' }; // 2 points
    for (let n = 1; n <= 3; n++) {
      const answer = await withKey(key.key, query);
      expect(answer.status, `request ${n}`).toBe(200);
      expect(answer.errors).toBeUndefined();
    }
    const refused = await withKey(key.key, query);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.errors?.[0]?.message).toMatch(
      /^This request costs 2 points and 0 of your 6 points a minute are available; try again in \d+ seconds$/,
    );
    // 2 points at a tenth a second: up to 20 s
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    // the refused one was not counted against the day
    expect(refused.headers.get('x-ratelimit-used')).toBe('3');
  });

  it('is refused with 400 before it runs when it costs more than the bucket can hold', async () => {
    const key = await createKey(stack.api, await newInvestor(), ['market:read']);
    // serviceStatus { bff api } (3) + marketDataStatus { latestPriceDate } (2) + tradingDays (10 years of days)
    const result = await withKey(key.key, {
      query: '{ serviceStatus { bff api } marketDataStatus { latestPriceDate } tradingDays }',
    });
    expect(result.status).toBe(400);
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.message).toBe(
      'This request costs 2,605 points, more than the 6 points a minute of your API quota: ask for fewer fields or rows, or page through them',
    );
    // nothing counted
    const after = await withKey(key.key, { query: '{ serviceStatus { bff } }' });
    expect(used(after)).toBe('1');
  });

  it('is counted by its first REST call once the BFF knows the key, whose refusal is then the whole answer', async () => {
    const session = await newInvestor({ apiDailyRequests: 3, apiPointsPerMinute: 100_000 });
    const key = await createKey(stack.api, session, ['portfolio:read']);
    const query = { query: '{ holdings { id } }' };
    // the BFF does not know the key yet: its quota call counts the first before it runs
    const first = await withKey(key.key, query);
    expect(first.status).toBe(200);
    expect(used(first)).toBe('1');
    // now it does: the holdings call carries the count, once
    const second = await withKey(key.key, query);
    expect(second.status).toBe(200);
    expect(second.data).toEqual({ holdings: [] });
    expect(used(second)).toBe('2');
    expect(second.headers.get('x-ratelimit-remaining')).toBe('1');
    expect((second.extensions?.cost as { requestedQueryCost: number }).requestedQueryCost).toBe(201);
    // the day's last request taken by a direct REST call, which this BFF does not see
    const rest = await stack.api.request('GET', '/user/holding', { token: key.key });
    expect(rest.headers.get('x-ratelimit-used')).toBe('3');
    // the BFF still counts on one left: the holdings call is refused the count, and that refusal is the answer
    const refused = await withKey(key.key, query);
    expect(refused.status).toBe(429);
    expect(refused.data).toBeNull();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors?.[0]?.message).toMatch(/^The daily API quota of 3 requests \(all your keys together\)/);
    expect(refused.headers.get('x-ratelimit-used')).toBe('3');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is refused beyond the daily quota with 429, exact at the boundary', async () => {
    const session = await newInvestor({ apiDailyRequests: 3, apiPointsPerMinute: 100_000 });
    const key = await createKey(stack.api, session, ['market:read']);
    for (let n = 1; n <= 3; n++) {
      const answer = await withKey(key.key, { query: '{ serviceStatus { bff } }' });
      expect(answer.status).toBe(200);
      expect(used(answer)).toBe(String(n));
    }
    const refused = await withKey(key.key, { query: '{ serviceStatus { bff } }' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-used')).toBe('3');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.errors?.[0]?.message).toMatch(
      /^The daily API quota of 3 requests \(all your keys together\) is used up/,
    );
    // the same owner's other key shares the day
    const other = await createKey(stack.api, session, ['market:read']);
    expect((await withKey(other.key, { query: '{ serviceStatus { bff } }' })).status).toBe(429);
    await revokeKey(stack.api, session, other.id);
  });
});
