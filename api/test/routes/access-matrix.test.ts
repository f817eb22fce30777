/**
 * The role matrix, generated from the API's own route table: every route × anonymous, investor,
 * staff and admin. Denied callers get exactly 401 (no login) or 403 (wrong role); allowed callers
 * never do. New routes are covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel } from '../../src/auth/access.js';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';

type Persona = 'anonymous' | 'investor' | 'staff' | 'admin';
const PERSONAS: Persona[] = ['anonymous', 'investor', 'staff', 'admin'];

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

  beforeAll(async () => {
    api = await startTestApi();
    tokens.investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    tokens.staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    tokens.admin = await api.login(DEMO.admin.username, DEMO.admin.password);
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
      // logging in and signing up are public and exercised elsewhere; skip their side effects here
      if (route.url.endsWith('/auth/signup')) continue;
      for (const persona of PERSONAS) {
        const result = await api.request(route.method, concretePath(route.url), {
          token: tokens[persona],
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { json: {} } : {}),
        });
        const expectedAllowed = allowed(route.access, persona);
        const label = `${route.method} ${route.url} as ${persona} -> ${result.status}`;
        if (expectedAllowed) {
          if (result.status === 401 || result.status === 403 || result.status >= 500) failures.push(`${label} (expected access)`);
          if (route.method === 'GET' && !route.url.includes(':') && !route.needsQuery && (result.status < 200 || result.status > 299)) failures.push(`${label} (expected 2xx)`);
          if (route.needsQuery && route.method === 'GET' && result.status !== 400 && (result.status < 200 || result.status > 299)) failures.push(`${label} (expected 400 without its query, or 2xx)`);
        } else {
          const expected = persona === 'anonymous' ? 401 : 403;
          if (result.status !== expected) failures.push(`${label} (expected ${expected})`);
          else expect(result.body).toMatchObject({ status: expected, error: expected === 401 ? 'Unauthorized' : 'Forbidden' });
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
