/**
 * API keys through the REST API (docs/product/developer.md): made by a session and shown once, listed without
 * their secrets, revoked by their owner only; a revoked or expired key is 401 saying so; a key acts as a plain
 * user and never reaches key management, account, staff or admin routes; bad input is 400 with a message and
 * writes nothing; a key never reaches the logs.
 */
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiKeyDto, CreatedApiKeyDto } from '@bazaar/shared/contract';
import { DEMO, loginSecondInvestor, startTestApi, useApi } from '../setup/test-api.js';
import { createKey, expireKey, revokeKey } from './helpers.js';

const DAY_MS = 86_400_000;
/** A cheap public read: the calendar of trading days. */
const PUBLIC_READ = '/public/stock-prices/dates';

const api = useApi();
let investor: string;
let admin: string;
let investor2: string;

beforeAll(async () => {
  investor = await api.login(DEMO.investor.username, DEMO.investor.password);
  admin = await api.login(DEMO.admin.username, DEMO.admin.password);
  investor2 = await loginSecondInvestor(api, admin);
});

const list = async (token: string) => (await api.request<ApiKeyDto[]>('GET', '/user/api-keys', { token })).body;

describe('an API key', () => {
  it('is made by a session, its secret shown once, listed without it, and revoked by its owner', async () => {
    const before = Date.now();
    const made = await api.request<CreatedApiKeyDto>('POST', '/user/api-keys', {
      token: investor,
      json: { name: '  Nightly sync  ', scopes: ['portfolio:read', 'market:read', 'market:read'], expiresInDays: 30 },
    });
    expect(made.status, made.text).toBe(201);
    const key = made.body;
    expect(Object.keys(key).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'key', 'name', 'prefix', 'scopes']);
    expect(key.name).toBe('Nightly sync');
    // each scope once, in the order of the list of scopes
    expect(key.scopes).toEqual(['market:read', 'portfolio:read']);
    expect(key.prefix).toMatch(/^bzk_[0-9A-Za-z]{12}$/);
    expect(key.key).toMatch(/^bzk_[0-9A-Za-z]{58}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBe(30 * DAY_MS);
    expect(Date.parse(key.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const listed = await api.request<ApiKeyDto[]>('GET', '/user/api-keys', { token: investor });
    expect(listed.text).not.toContain(key.key.slice(key.prefix.length));
    expect(listed.body.find((row) => row.id === key.id)).toEqual({
      id: key.id,
      name: 'Nightly sync',
      scopes: ['market:read', 'portfolio:read'],
      prefix: key.prefix,
      createdAt: key.createdAt,
      expiresAt: key.expiresAt,
      lastUsedAt: null,
      lastUsedFrom: null,
      expiresSoon: false,
      expired: false,
    });

    // used: its last use is noted (to the minute), with the address it came from
    expect((await api.request('GET', PUBLIC_READ, { token: key.key })).status).toBe(200);
    const used = await vi.waitFor(
      async () => {
        const row = (await list(investor)).find((candidate) => candidate.id === key.id);
        expect(row?.lastUsedAt).not.toBeNull();
        return row!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(used.lastUsedFrom).toBe('127.0.0.1');
    expect(Date.parse(used.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);

    // another user cannot revoke it (404, as an unknown key), the owner can (204), once
    expect((await api.request('DELETE', `/user/api-keys/${key.id}`, { token: investor2 })).status).toBe(404);
    expect((await api.request('GET', PUBLIC_READ, { token: key.key })).status).toBe(200);
    expect((await api.request('DELETE', `/user/api-keys/${key.id}`, { token: investor })).status).toBe(204);
    const refused = await api.request<{ message: string }>('GET', PUBLIC_READ, { token: key.key });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This API key was revoked: create a new one on the Developer page');
    expect((await list(investor)).map((row) => row.id)).not.toContain(key.id);
    expect((await api.request('DELETE', `/user/api-keys/${key.id}`, { token: investor })).status).toBe(404);
  });

  it('says when it expires within 7 days, and is refused with the date once it has expired', async () => {
    const soon = await createKey(api, investor, ['market:read'], { expiresInDays: 7 });
    const later = await createKey(api, investor, ['market:read'], { expiresInDays: 8 });
    const rows = await list(investor);
    expect(rows.find((row) => row.id === soon.id)).toMatchObject({ expiresSoon: true, expired: false });
    expect(rows.find((row) => row.id === later.id)).toMatchObject({ expiresSoon: false, expired: false });

    await expireKey(api, soon.id);
    // every instance reads a key's row at least every half second: wait for this one to see the new expiry
    const refused = await vi.waitFor(
      async () => {
        const answer = await api.request<{ message: string }>('GET', PUBLIC_READ, { token: soon.key });
        expect(answer.status).toBe(401);
        return answer;
      },
      { timeout: 10_000, interval: 50 },
    );
    const expiredAt = (await list(investor)).find((row) => row.id === soon.id)!;
    expect(expiredAt).toMatchObject({ expired: true, expiresSoon: false });
    expect(refused.body.message).toBe(
      `This API key expired on ${expiredAt.expiresAt}: create a new one on the Developer page`,
    );
    await revokeKey(api, investor, soon.id);
    await revokeKey(api, investor, later.id);
  });

  it('is managed by a session only: a key cannot list, make or revoke keys', async () => {
    const key = await createKey(api, investor, ['market:read', 'portfolio:read', 'portfolio:write']);
    const message =
      'API keys cannot do this: account, API-key, staff and administration requests need a logged-in session';
    for (const [method, path, json] of [
      ['GET', '/user/api-keys', undefined],
      ['POST', '/user/api-keys', { name: 'child', scopes: ['market:read'], expiresInDays: 30 }],
      ['DELETE', `/user/api-keys/${key.id}`, undefined],
    ] as const) {
      const answer = await api.request<{ message: string }>(method, path, { token: key.key, json });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.message).toBe(message);
    }
    expect((await list(investor)).filter((row) => row.name === 'child')).toEqual([]);
    await revokeKey(api, investor, key.id);
  });

  it("acts as a plain user whatever its owner's role: no account, staff or admin work", async () => {
    const key = await createKey(api, admin, ['market:read', 'portfolio:read', 'portfolio:write']);
    for (const [method, path] of [
      ['GET', '/admin/users'],
      ['GET', '/admin/roles'],
      ['GET', '/staff/brokerage-firms'],
      ['GET', '/insight/staff/uploads/history'],
      ['GET', '/user/profile'],
      ['PUT', '/user/profile'],
      ['GET', '/user/subscription'],
      ['POST', '/auth/login'],
      ['POST', '/auth/logout'],
      ['POST', '/auth/signup'],
    ] as const) {
      const answer = await api.request(method, path, { token: key.key, json: method === 'GET' ? undefined : {} });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    // its own data as a user: the administrator's (empty) holdings
    expect((await api.request('GET', '/user/holding', { token: key.key })).status).toBe(200);
    // the logout with a key ended nothing: the admin's session goes on
    expect((await api.request('GET', '/admin/roles', { token: admin })).status).toBe(200);
    await revokeKey(api, admin, key.id);
  });
});

describe('bad input', () => {
  const keysOf = async (token: string) => (await list(token)).length;

  it('refuses a key sent anywhere but Authorization: Bearer with 400 saying where it goes', async () => {
    const key = await createKey(api, investor, ['market:read']);
    const message =
      'Send the API key in the Authorization header as "Bearer <key>", never in X-Api-Key or in the address';
    const attempts: Array<[string, Record<string, string>]> = [
      [PUBLIC_READ, { 'x-api-key': key.key }],
      [`${PUBLIC_READ}?api_key=${key.key}`, {}],
      [`${PUBLIC_READ}?access_token=${key.key}`, {}],
      [`${PUBLIC_READ}?anything=${key.key}`, {}],
      [PUBLIC_READ, { authorization: key.key }],
      [PUBLIC_READ, { authorization: `Token ${key.key}` }],
    ];
    for (const [path, headers] of attempts) {
      const answer = await api.request<{ message: string }>('GET', path, { headers });
      expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    await revokeKey(api, investor, key.id);
  });

  it('refuses forged keys with 401: a bad checksum, an unknown id, a known id with another secret', async () => {
    const key = await createKey(api, investor, ['market:read']);
    const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    /** The key's last six characters: CRC-32 of the rest in base 62, most significant first. */
    const withChecksum = (body: string) => {
      let value = crc32(body);
      let text = '';
      for (let i = 0; i < 6; i++) {
        text = base62[value % 62] + text;
        value = Math.floor(value / 62);
      }
      return body + text;
    };
    expect(withChecksum(key.key.slice(0, -6))).toBe(key.key);
    const body = key.key.slice(0, -6);
    const forged = [
      `${body}AAAAAA`,
      withChecksum(`bzk_${'Z'.repeat(12)}${body.slice(16)}`),
      withChecksum(`${key.prefix}${'x'.repeat(40)}`),
      'bzk_short',
      `bzk_${'!'.repeat(58)}`,
    ];
    for (const token of forged) {
      const answer = await api.request<{ message: string }>('GET', PUBLIC_READ, { token });
      expect(answer.status, token).toBe(401);
      expect(answer.body.message).toBe('This API key is not valid');
    }
    // the real one still works
    expect((await api.request('GET', PUBLIC_READ, { token: key.key })).status).toBe(200);
    await revokeKey(api, investor, key.id);
  });

  it('refuses a bad name, scope or lifetime with 400 and a message, and makes nothing', async () => {
    const held = await keysOf(investor2);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'n', scopes: ['market:read'], expiresInDays: 6 }, 'Expires in days must be at least 7'],
      [{ name: 'n', scopes: ['market:read'], expiresInDays: 366 }, 'Expires in days must be at most 365'],
      [{ name: 'n', scopes: ['market:read'], expiresInDays: 7.5 }, 'Expires in days must be a whole number'],
      [{ name: 'n', scopes: ['market:read'], expiresInDays: 'soon' }, 'Expires in days must be a whole number'],
      [{ name: 'n', scopes: ['market:read'] }, 'Expires in days is required!'],
      [
        { name: 'n', scopes: ['market:read', 'admin:all'], expiresInDays: 30 },
        "Unknown scope 'admin:all': use market:read, portfolio:read or portfolio:write",
      ],
      [
        { name: 'n', scopes: [], expiresInDays: 30 },
        'Choose at least one scope: market:read, portfolio:read, portfolio:write',
      ],
      [{ name: 'n', expiresInDays: 30 }, 'Choose at least one scope: market:read, portfolio:read, portfolio:write'],
      [{ name: '   ', scopes: ['market:read'], expiresInDays: 30 }, 'Name is required!'],
      [{ name: 'x'.repeat(101), scopes: ['market:read'], expiresInDays: 30 }, 'Name must be at most 100 characters'],
    ];
    for (const [json, message] of cases) {
      const answer = await api.request<{ message: string }>('POST', '/user/api-keys', { token: investor2, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect(await keysOf(investor2)).toBe(held);
  });

  it('holds at most 20 keys a user: the 21st is refused with a message until one is revoked', async () => {
    const made: CreatedApiKeyDto[] = [];
    for (let i = made.length + (await keysOf(investor2)); i < 20; i++)
      made.push(await createKey(api, investor2, ['market:read'], { name: `key ${i}` }));
    const refused = await api.request<{ message: string }>('POST', '/user/api-keys', {
      token: investor2,
      json: { name: 'one too many', scopes: ['market:read'], expiresInDays: 30 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You have 20 API keys already: revoke one before creating another');
    expect(await keysOf(investor2)).toBe(20);
    await revokeKey(api, investor2, made[0]!.id);
    const again = await createKey(api, investor2, ['market:read'], { name: 'after a revocation' });
    expect(again.name).toBe('after a revocation');
  });
});

describe('the logs', () => {
  it('never hold a key: not from the Authorization header, not from an address it was wrongly put in', async () => {
    const lines: string[] = [];
    const logged = await startTestApi({ logs: { write: (line) => void lines.push(line) } });
    try {
      const token = await logged.login(DEMO.investor.username, DEMO.investor.password);
      const key = await createKey(logged, token, ['market:read']);
      const secret = key.key.slice(key.prefix.length);
      expect((await logged.request('GET', PUBLIC_READ, { token: key.key })).status).toBe(200);
      expect((await logged.request('GET', `${PUBLIC_READ}?api_key=${key.key}`)).status).toBe(400);
      expect((await logged.request('GET', PUBLIC_READ, { headers: { 'x-api-key': key.key } })).status).toBe(400);
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(lines.some((line) => line.includes('bzk_[redacted]'))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
