/**
 * The role matrix: every route × anonymous, investor, a second investor, staff and admin. Who may
 * call each route is written out below from docs/product's REST-calls tables (the "who" column;
 * docs/product/common.md#roles-and-access for the prefixes), not read from the routes' own
 * declarations: a route whose access differs from its documented one fails, and so does a route the
 * table does not name (add it with the access its docs/product table gives it). Denied callers get
 * exactly 401 (no login) or 403 (wrong role); allowed callers never do. Then the second investor aims
 * every logged-in route that takes an id or a username at the first investor's holding, referral and
 * name: 403 or 404, never data, and nothing changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvestor, DEMO, SECOND_INVESTOR, useApi } from '../setup/test-api.js';
import { addHolding, createReference, insertPrices } from '../portfolio/helpers.js';
import { allowed, type Persona, type Who } from '../setup/personas.js';

const PERSONAS: Persona[] = ['anonymous', 'investor', 'investor2', 'staff', 'admin'];

/** Who may call each service route, as docs/product/<area>.md#rest-calls says. */
const DOCUMENTED_ACCESS: Record<string, Who> = {
  // auth.md#rest-calls
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/signup': 'anyone',
  'POST /api/auth/logout': 'anyone',
  'POST /api/public/forgot-password': 'anyone',
  'POST /api/public/change-password': 'anyone',
  'GET /api/user/profile': 'logged in',
  'PUT /api/user/profile': 'logged in',
  // admin.md#rest-calls
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'POST /api/admin/users': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/roles': 'admin',
  'GET /api/admin/roles': 'admin',
  'GET /api/admin/roles/:id': 'admin',
  'POST /api/admin/roles': 'admin',
  'PUT /api/admin/roles/:id': 'admin',
  'DELETE /api/admin/roles/:id': 'admin',
  'GET /api/admin/mail-outbox': 'admin',
  // portfolio.md#rest-calls
  'GET /api/staff/brokerage-firms': 'staff',
  'GET /api/staff/brokerage-firms/:id': 'staff',
  'POST /api/staff/brokerage-firms': 'staff',
  'PUT /api/staff/brokerage-firms/:id': 'staff',
  'DELETE /api/staff/brokerage-firms/:id': 'staff',
  'GET /api/staff/segments': 'staff',
  'GET /api/staff/segments/:id': 'staff',
  'POST /api/staff/segments': 'staff',
  'PUT /api/staff/segments/:id': 'staff',
  'DELETE /api/staff/segments/:id': 'staff',
  'GET /api/staff/charge-types': 'staff',
  'GET /api/staff/charge-types/:id': 'staff',
  'POST /api/staff/charge-types': 'staff',
  'PUT /api/staff/charge-types/:id': 'staff',
  'DELETE /api/staff/charge-types/:id': 'staff',
  'GET /api/staff/buy-sell': 'staff',
  'GET /api/user/brokerage-firms': 'logged in',
  'GET /api/user/segments': 'logged in',
  'GET /api/staff/charges': 'staff',
  'GET /api/staff/charges/:id': 'staff',
  'POST /api/staff/charges': 'staff',
  'PUT /api/staff/charges/:id': 'staff',
  'DELETE /api/staff/charges/:id': 'staff',
  'GET /api/admin/financial-instruments': 'admin',
  'GET /api/admin/financial-instruments/:id': 'admin',
  'POST /api/admin/financial-instruments': 'admin',
  'PUT /api/admin/financial-instruments/:id': 'admin',
  'DELETE /api/admin/financial-instruments/:id': 'admin',
  'GET /api/staff/financial-instruments': 'staff',
  'GET /api/user/holding': 'logged in',
  'GET /api/user/holding/:segmentName': 'logged in',
  'POST /api/user/holding': 'logged in',
  'PUT /api/user/holding/:id': 'logged in',
  'DELETE /api/user/holding/:id': 'logged in',
  'GET /api/user/current-prices': 'logged in',
  'GET /api/user/current-prices/search': 'logged in',
  'GET /api/user/portfolio/summary': 'logged in',
  'GET /api/user/portfolio/alerts': 'logged in',
  'POST /api/user/holding/import': 'logged in',
  'GET /api/user/watchlist': 'logged in',
  'POST /api/user/watchlist': 'logged in',
  'DELETE /api/user/watchlist/:symbol': 'logged in',
  'GET /api/user/dashboard': 'logged in',
  // home.md#against-the-market
  'GET /api/user/portfolio/benchmark': 'logged in',
  // developer.md#rest-calls (keys are managed by a logged-in session; the quota calls are the BFF's, for a key)
  'POST /api/user/api-keys': 'logged in',
  'GET /api/user/api-keys': 'logged in',
  'DELETE /api/user/api-keys/:id': 'logged in',
  'POST /api/user/api-quota/graphql': 'logged in',
  'POST /api/user/api-quota/graphql/refund': 'logged in',
  // alerts.md#rest-calls (the unsubscribe link works without a session: its signed token names the investor)
  'GET /api/user/alert-rules': 'logged in',
  'POST /api/user/alert-rules': 'logged in',
  'DELETE /api/user/alert-rules/:id': 'logged in',
  'GET /api/user/notifications': 'logged in',
  'GET /api/user/notifications/unread-count': 'logged in',
  'POST /api/user/notifications/read': 'logged in',
  'GET /api/user/alert-settings': 'logged in',
  'PUT /api/user/alert-settings': 'logged in',
  'POST /api/public/alert-digest/unsubscribe': 'anyone',
  // tax.md#rest-calls
  'GET /api/user/tax/capital-gains': 'logged in',
  'GET /api/user/tax/capital-gains.csv': 'logged in',
  'GET /api/user/tax/schedule-112a.csv': 'logged in',
  'GET /api/user/tax/capital-gains.xlsx': 'logged in',
  // engagement.md#rest-calls
  'GET /api/public/subscription-plans': 'anyone',
  'GET /api/admin/subscription-plans': 'admin',
  'GET /api/admin/subscription-plans/:id': 'admin',
  'POST /api/admin/subscription-plans': 'admin',
  'PUT /api/admin/subscription-plans/:id': 'admin',
  'DELETE /api/admin/subscription-plans/:id': 'admin',
  'POST /api/user/subscription/subscribe': 'logged in',
  'GET /api/user/subscription': 'logged in',
  'GET /api/users/referrals/:username': 'logged in',
  'GET /api/users/referrals/:username/QR-code': 'logged in',
  'GET /api/user/referrals/referrer/:id': 'logged in',
  'POST /api/user/referrals': 'logged in',
  'POST /api/user/referrals/:id/claim': 'logged in',
  'POST /api/public/contact-messages': 'anyone',
  'GET /api/staff/contact-messages': 'staff',
  // market.md#rest-calls (all public), home.md#dashboard (the staff's market snapshot)
  'GET /api/public/stock-prices': 'anyone',
  'GET /api/public/stock-prices/weeks-high': 'anyone',
  'GET /api/public/stock-prices/weeks-low': 'anyone',
  'GET /api/public/stock-prices/highestStockPriceByStock': 'anyone',
  'GET /api/public/stock-prices/dates': 'anyone',
  // market.md#indices
  'GET /api/public/indices': 'anyone',
  'GET /api/public/indices/:name/closes': 'anyone',
  'GET /api/public/indices/:name/beta': 'anyone',
  'GET /api/public/stock-prices/stock-prices-for-period': 'anyone',
  'GET /api/public/stock-prices/quotes': 'anyone',
  'GET /api/public/stock-prices/candles': 'anyone',
  'POST /api/public/technical-analysis/stocks/sma': 'anyone',
  'GET /api/public/technical-analysis/state': 'anyone',
  'GET /api/staff/market-snapshot': 'staff',
  // company.md#rest-calls
  'GET /api/public/corporate-actions': 'anyone',
  'GET /api/public/profit-and-loss': 'anyone',
  'GET /api/public/balancesheet': 'anyone',
  'GET /api/public/stocks': 'anyone',
  'POST /api/staff/stocks': 'staff',
  'PUT /api/staff/stocks/:id': 'staff',
  'DELETE /api/staff/stocks/:id': 'staff',
  // uploads.md#rest-calls (staff and administrators; the uploaded dates also under /api), #market-data-status
  'GET /insight/staff/uploads/types': 'staff',
  'POST /insight/staff/uploads/corporate-actions': 'staff',
  'POST /insight/staff/uploads/stock-prices': 'staff',
  'POST /insight/staff/uploads/stocks': 'staff',
  'POST /insight/staff/uploads/financial-statement': 'staff',
  'POST /insight/staff/uploads/financial-report': 'staff',
  'POST /insight/staff/uploads/upload-company-details': 'staff',
  'POST /insight/staff/uploads/index-prices': 'staff',
  'POST /insight/staff/uploads/stock-prices/batch': 'staff',
  'GET /insight/staff/uploads/stock-price/uploaded-dates': 'staff',
  'GET /api/staff/uploads/stock-price/uploaded-dates': 'staff',
  'GET /insight/staff/uploads/stock-price/date-counts': 'staff',
  'GET /insight/staff/uploads/history': 'staff',
  'GET /insight/staff/uploads/templates/balance-sheet-template.csv': 'staff',
  'GET /insight/public/uploads/market-data-status': 'anyone',
};

/** Path parameters get values that exist nowhere, so allowed writes touch nothing. */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => (/id$/i.test(name) ? '987654' : 'no-such-value'));
}

describe('access matrix', () => {
  const api = useApi();
  const tokens: Partial<Record<Persona, string>> = {};
  let investor2Id: number;

  beforeAll(async () => {
    tokens.investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    tokens.staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    tokens.admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    investor2Id = await createInvestor(api, tokens.admin, SECOND_INVESTOR);
    tokens.investor2 = await api.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
  });

  /** The app's service routes (under /api and /insight) as 'METHOD /path', with whether each needs a query. */
  const serviceRoutes = () =>
    api.app.routeAccessTable
      .filter((route) => /^\/(api|insight)\//.test(route.url))
      .map((route) => ({ method: route.method, url: route.url, needsQuery: route.needsQuery }));

  it('serves exactly the routes the table names, no more, no fewer', () => {
    const served = serviceRoutes().map((route) => `${route.method} ${route.url}`);
    expect(served.filter((route) => !(route in DOCUMENTED_ACCESS))).toEqual([]);
    expect(Object.keys(DOCUMENTED_ACCESS).filter((route) => !served.includes(route))).toEqual([]);
  });

  it('answers 401, 403 or access exactly as docs/product says', async () => {
    const failures: string[] = [];
    for (const route of serviceRoutes()) {
      const who = DOCUMENTED_ACCESS[`${route.method} ${route.url}`];
      if (!who) continue; // named by the test above
      // logging in, out and signing up are public and exercised elsewhere (logout would end the personas' sessions)
      if (route.url.endsWith('/auth/signup') || route.url.endsWith('/auth/logout')) continue;
      for (const persona of PERSONAS) {
        const result = await api.request(route.method, concretePath(route.url), {
          token: tokens[persona],
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { json: {} } : {}),
        });
        const expectedAllowed = allowed(who, persona);
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

    const targeted = serviceRoutes().filter(
      (route) =>
        DOCUMENTED_ACCESS[`${route.method} ${route.url}`] === 'logged in' && /:(id|username)\b/.test(route.url),
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
