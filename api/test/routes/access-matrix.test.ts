/**
 * The role matrix, generated from the API's own route table: every route × anonymous, investor,
 * a second investor, staff and admin. Denied callers get exactly 401 (no login) or 403 (wrong
 * role); allowed callers never do. Then the second investor aims every user route that takes an
 * id or a username at the first investor's holding, referral and name: 403 or 404, never data,
 * and nothing changes. New routes are covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel } from '../../src/auth/access.js';
import { createInvestor, DEMO, SECOND_INVESTOR, startTestApi, type TestApi } from '../setup/test-api.js';
import { addHolding, createReference, insertPrices } from '../portfolio/helpers.js';

type Persona = 'anonymous' | 'investor' | 'investor2' | 'staff' | 'admin';
const PERSONAS: Persona[] = ['anonymous', 'investor', 'investor2', 'staff', 'admin'];

function allowed(access: AccessLevel, persona: Persona): boolean {
  if (access === 'public') return true;
  if (persona === 'anonymous') return false;
  if (access === 'user') return true;
  if (access === 'staff') return persona === 'staff' || persona === 'admin';
  return persona === 'admin';
}

/** Path parameters get values that exist nowhere, so allowed writes touch nothing. */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => (/id$/i.test(name) ? '987654' : 'no-such-value'));
}

describe('access matrix', () => {
  let api: TestApi;
  const tokens: Partial<Record<Persona, string>> = {};
  let investor2Id: number;

  beforeAll(async () => {
    api = await startTestApi();
    tokens.investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    tokens.staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    tokens.admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    investor2Id = await createInvestor(api, tokens.admin, SECOND_INVESTOR);
    tokens.investor2 = await api.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
  });
  afterAll(async () => api.close());

  it('has every service route under a known prefix and an access level', () => {
    const table = api.app.routeAccessTable.filter((route) => /^\/(api|insight)\//.test(route.url));
    expect(table.length).toBeGreaterThanOrEqual(12);
    for (const route of table) {
      expect(['public', 'user', 'staff', 'admin']).toContain(route.access);
    }
    const adminRoutes = table.filter((route) => /^\/(api|insight)\/admin\//.test(route.url));
    expect(adminRoutes.every((route) => route.access === 'admin')).toBe(true);
  });

  it('answers 401, 403 or access exactly as each route declares', async () => {
    const table = api.app.routeAccessTable.filter((route) => /^\/(api|insight)\//.test(route.url));
    const failures: string[] = [];
    for (const route of table) {
      // logging in, out and signing up are public and exercised elsewhere (logout would end the personas' sessions)
      if (route.url.endsWith('/auth/signup') || route.url.endsWith('/auth/logout')) continue;
      for (const persona of PERSONAS) {
        const result = await api.request(route.method, concretePath(route.url), {
          token: tokens[persona],
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { json: {} } : {}),
        });
        const expectedAllowed = allowed(route.access, persona);
        const label = `${route.method} ${route.url} as ${persona} -> ${result.status}`;
        if (expectedAllowed) {
          if (result.status === 401 || result.status === 403 || result.status >= 500)
            failures.push(`${label} (expected access)`);
          if (
            route.method === 'GET' &&
            !route.url.includes(':') &&
            !route.needsQuery &&
            (result.status < 200 || result.status > 299)
          )
            failures.push(`${label} (expected 2xx)`);
          if (
            route.needsQuery &&
            route.method === 'GET' &&
            result.status !== 400 &&
            (result.status < 200 || result.status > 299)
          )
            failures.push(`${label} (expected 400 without its query, or 2xx)`);
        } else {
          const expected = persona === 'anonymous' ? 401 : 403;
          if (result.status !== expected) failures.push(`${label} (expected ${expected})`);
          else
            expect(result.body).toMatchObject({
              status: expected,
              error: expected === 401 ? 'Unauthorized' : 'Forbidden',
            });
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("never gives the second investor the first investor's data through an id or a username", async () => {
    const ref = await createReference(api, tokens.staff!, 'Sweep');
    await insertPrices(api, [{ symbol: 'SWEEP', date: '2025-01-10', close: '120' }]);
    const holding = await addHolding(api, tokens.investor!, ref, {
      symbol: 'SWEEP',
      price: '100',
      quantity: 10,
      creationDate: '2025-01-06',
    });
    const investor = (await api.request<{ id: number }>('GET', '/user/profile', { token: tokens.investor })).body;
    const referral = await api.request<{ id: number }>('POST', '/user/referrals', {
      token: tokens.investor2,
      json: { referrerUserId: investor.id, referredUserId: investor2Id },
    });
    expect(referral.status, referral.text).toBe(201);
    const investorsView = async () => ({
      holdings: (await api.request('GET', '/user/holding', { token: tokens.investor })).body,
      referrals: (await api.request('GET', `/user/referrals/referrer/${investor.id}`, { token: tokens.investor })).body,
    });
    const before = await investorsView();

    const targeted = api.app.routeAccessTable.filter(
      (route) => route.access === 'user' && /:(id|username)\b/.test(route.url),
    );
    expect(targeted.length).toBeGreaterThanOrEqual(6);
    const failures: string[] = [];
    for (const route of targeted) {
      const candidates = route.url.includes(':username')
        ? ['investor']
        : [holding.id, referral.body.id, investor.id].map(String);
      for (const value of candidates) {
        const url = route.url.replace(/:(id|username)\b/, value);
        const result = await api.request(route.method, url, {
          token: tokens.investor2,
          ...(['POST', 'PUT', 'PATCH'].includes(route.method)
            ? {
                json: {
                  symbol: 'SWEEP',
                  exchange: 'NSE',
                  price: '1',
                  quantity: 1,
                  creationDate: '2025-01-06',
                  brokerageFirm: ref.firm,
                  instrumentType: ref.segment.name,
                },
              }
            : {}),
        });
        if (![403, 404].includes(result.status))
          failures.push(`${route.method} ${url} as investor2 -> ${result.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await investorsView()).toEqual(before);
  });
});
