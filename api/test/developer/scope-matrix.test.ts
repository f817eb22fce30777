/**
 * The REST scope matrix: every route × no key, a market:read key, a portfolio:read key, a portfolio:write key, a
 * revoked key and an expired key (all of the demo investor). What each route takes is written out below from
 * docs/product/developer.md#scopes, not read from the route table or the key-scope table: a route whose key access
 * differs fails, and so does a route the table does not name. Allowed keys never get 401 or 403; a key without the
 * scope gets 403 naming it; no key reaches key management, account, staff or admin routes (403); a revoked or
 * expired key gets 401 saying so on every route.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useApi } from '../setup/test-api.js';
import { keysOfEveryKind } from './helpers.js';

type Persona = 'no key' | 'market:read' | 'portfolio:read' | 'portfolio:write' | 'revoked' | 'expired';
const PERSONAS: Persona[] = ['no key', 'market:read', 'portfolio:read', 'portfolio:write', 'revoked', 'expired'];

type Needs = 'market:read' | 'portfolio:read' | 'portfolio:write' | 'any key' | 'no key';
/** Who may call a route without a key, and what a key needs for it. */
type Entry = [without: 'anyone' | 'login', key: Needs];

const group = (entry: Entry, routes: string) =>
  Object.fromEntries(
    routes
      .split('\n')
      .map((route) => route.trim())
      .filter(Boolean)
      .map((route) => [route, entry]),
  );

/** docs/product/developer.md#scopes, route by route (the staff and admin routes by their prefix, below). */
const DOCUMENTED: Record<string, Entry> = {
  ...group(
    ['anyone', 'market:read'],
    `GET /api/public/stock-prices
     GET /api/public/stock-prices/weeks-high
     GET /api/public/stock-prices/weeks-low
     GET /api/public/stock-prices/highestStockPriceByStock
     GET /api/public/stock-prices/dates
     GET /api/public/stock-prices/stock-prices-for-period
     POST /api/public/technical-analysis/stocks/sma
     GET /api/public/technical-analysis/state
     GET /api/public/corporate-actions
     GET /api/public/profit-and-loss
     GET /api/public/balancesheet
     GET /api/public/stocks
     GET /api/public/subscription-plans
     GET /api/public/stock-prices/quotes
     GET /api/public/stock-prices/candles
     GET /api/public/indices
     GET /api/public/indices/:name/closes
     GET /api/public/indices/:name/beta
     GET /insight/public/uploads/market-data-status`,
  ),
  ...group(
    ['anyone', 'no key'],
    `POST /api/auth/login
     POST /api/auth/signup
     POST /api/auth/logout
     POST /api/public/forgot-password
     POST /api/public/change-password
     POST /api/public/contact-messages
     POST /api/public/alert-digest/unsubscribe`,
  ),
  ...group(
    ['login', 'portfolio:read'],
    `GET /api/user/brokerage-firms
     GET /api/user/segments
     GET /api/user/holding
     GET /api/user/holding/:segmentName
     GET /api/user/current-prices
     GET /api/user/current-prices/search
     GET /api/user/portfolio/summary
     GET /api/user/portfolio/alerts
     GET /api/user/watchlist
     GET /api/user/dashboard
     GET /api/user/portfolio/benchmark
     GET /api/user/alert-rules
     GET /api/user/notifications
     GET /api/user/notifications/unread-count
     GET /api/user/tax/capital-gains
     GET /api/user/tax/capital-gains.csv
     GET /api/user/tax/schedule-112a.csv
     GET /api/user/tax/capital-gains.xlsx`,
  ),
  ...group(
    ['login', 'portfolio:write'],
    `POST /api/user/holding
     PUT /api/user/holding/:id
     DELETE /api/user/holding/:id
     POST /api/user/holding/import
     POST /api/user/watchlist
     DELETE /api/user/watchlist/:symbol
     POST /api/user/alert-rules
     DELETE /api/user/alert-rules/:id
     POST /api/user/notifications/read`,
  ),
  ...group(
    ['login', 'any key'],
    `POST /api/user/api-quota/graphql
     POST /api/user/api-quota/graphql/refund`,
  ),
  ...group(
    ['login', 'no key'],
    `GET /api/user/profile
     PUT /api/user/profile
     GET /api/user/alert-settings
     PUT /api/user/alert-settings
     POST /api/user/api-keys
     GET /api/user/api-keys
     DELETE /api/user/api-keys/:id
     POST /api/user/subscription/subscribe
     GET /api/user/subscription
     GET /api/users/referrals/:username
     GET /api/users/referrals/:username/QR-code
     GET /api/user/referrals/referrer/:id
     POST /api/user/referrals
     POST /api/user/referrals/:id/claim`,
  ),
};

/** A route's documented entry: staff and administration take no key at all, whoever owns it. */
function documented(route: string): Entry | undefined {
  if (DOCUMENTED[route]) return DOCUMENTED[route];
  return /^[A-Z]+ \/(api|insight)\/(staff|admin)\//.test(route) ? ['login', 'no key'] : undefined;
}

function keyAllows(persona: Persona, needs: Needs): boolean {
  if (needs === 'any key') return true;
  if (needs === 'no key') return false;
  if (persona === 'portfolio:write' && needs === 'portfolio:read') return true;
  return persona === needs;
}

/** Path parameters get values that exist nowhere, so allowed writes touch nothing. */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => (/id$/i.test(name) ? '987654' : 'no-such-value'));
}

describe('REST scope matrix (from docs/product/developer.md#scopes)', () => {
  const api = useApi();
  const keys: Partial<Record<Persona, string>> = {};

  beforeAll(async () => {
    const session = await api.login(DEMO.investor.username, DEMO.investor.password);
    Object.assign(keys, await keysOfEveryKind(api, session));
  });

  const serviceRoutes = () =>
    api.app.routeAccessTable
      .filter((route) => /^\/(api|insight)\//.test(route.url))
      .map((route) => ({ method: route.method, url: route.url, name: `${route.method} ${route.url}` }));

  it('names every route, no more, no fewer', () => {
    const served = serviceRoutes().map((route) => route.name);
    expect(served.filter((route) => !documented(route))).toEqual([]);
    expect(Object.keys(DOCUMENTED).filter((route) => !served.includes(route))).toEqual([]);
  });

  it('answers every route to every key exactly as documented', async () => {
    const failures: string[] = [];
    for (const route of serviceRoutes()) {
      const entry = documented(route.name);
      if (!entry) continue; // named by the test above
      const [without, needs] = entry;
      for (const persona of PERSONAS) {
        // a signup with no key is the sign-up tests' business (it would make an account)
        if (persona === 'no key' && route.url.endsWith('/auth/signup')) continue;
        const result = await api.request<{ message?: string }>(route.method, concretePath(route.url), {
          token: keys[persona],
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { json: {} } : {}),
        });
        const label = `${route.name} as ${persona} -> ${result.status}`;
        if (persona === 'revoked' || persona === 'expired') {
          const said = persona === 'revoked' ? /was revoked/ : /expired on/;
          if (result.status !== 401 || !said.test(result.body?.message ?? ''))
            failures.push(`${label} (expected 401 saying it ${persona === 'revoked' ? 'was revoked' : 'expired'})`);
          continue;
        }
        const allowed = persona === 'no key' ? without === 'anyone' : keyAllows(persona, needs);
        if (allowed) {
          if ([401, 403, 429].includes(result.status) || result.status >= 500)
            failures.push(`${label} (expected access)`);
          continue;
        }
        const expected = persona === 'no key' ? 401 : 403;
        if (result.status !== expected) failures.push(`${label} (expected ${expected})`);
        if (persona !== 'no key') {
          const wanted =
            needs === 'no key'
              ? 'API keys cannot do this: account, API-key, staff and administration requests need a logged-in session'
              : `This API key lacks the ${needs} scope that this request needs`;
          if (result.body?.message !== wanted) failures.push(`${label} (message "${result.body?.message}")`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
