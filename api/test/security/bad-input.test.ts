/**
 * The bad-input corpus of the JSON writes (the upload corpus is api/test/uploads/malformed-files):
 * every mutation of the REST API gets malformed, hostile and absurd input — SQL, GraphQL and
 * formula injection strings, prototype-pollution keys, over-long strings, NUL bytes, wrong types,
 * broken JSON, huge and deeply nested bodies. Each answers a 4xx with a message that names the
 * problem, within 2 s, without a stack trace; afterwards every table of the database has exactly
 * the rows it had (md5 over all rows of every table), Object.prototype is untouched and the heap
 * has not grown beyond a small bound.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useApi } from '../setup/test-api.js';
import { sqlRows } from '../uploads/helpers.js';
import { createReference, insertPrices } from '../portfolio/helpers.js';

type Persona = 'anonymous' | 'investor' | 'staff' | 'admin';

interface BadInput {
  name: string;
  as: Persona;
  method: 'POST' | 'PUT';
  path: string;
  /** A JSON body (serialised here), or a raw body with its content type. */
  json?: unknown;
  /** A body made when the test runs (it needs ids created in beforeAll). */
  lazyJson?: () => unknown;
  raw?: { body: string | Uint8Array; contentType: string };
  status?: number | number[];
  /** Words the message must contain. */
  says: string | RegExp;
}

const SQL = "'; DROP TABLE users; --";
const GRAPHQL = '{ __schema { types { name } } }';
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const LONG = 'x'.repeat(100_000);

describe('bad input to every REST mutation', () => {
  const api = useApi();
  const tokens: Partial<Record<Persona, string>> = {};
  let firm: { id: number; name: string; address: string; contactNumber: string };
  let segment: { id: number; name: string };
  let chargeType: { id: number; name: string };
  let holdingId: number;
  let before: Record<string, string>;
  let heapBefore: number;
  // the API runs in this process, so a pollution would show here
  const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

  /** Every table of the database: row count and an md5 over all rows in a stable order. */
  async function checksums(): Promise<Record<string, string>> {
    const tables = await sqlRows<{ name: string }>(
      api.handle,
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await sqlRows<{ rows: number; digest: string | null }>(
        api.handle,
        `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
      );
      result[name] = `${row?.rows}:${row?.digest ?? ''}`;
    }
    return result;
  }

  const validHolding = () => ({
    symbol: 'BADIN',
    exchange: 'NSE',
    price: '100',
    quantity: 10,
    creationDate: '2025-01-06',
    brokerageFirm: firm,
    instrumentType: segment.name,
  });
  const validCharge = () => ({
    brokerageFirm: firm,
    chargeType,
    segment,
    amount: '20',
    percentage: '0.1',
    exchange: 'NSE',
    onBuySell: 'BOTH',
    effectiveDate: '2024-01-01',
  });
  const validCompany = {
    companyName: 'Alpha Industries Limited',
    industry: 'Textiles',
    symbol: 'ALPHA',
    series: 'EQ',
    isinCode: 'INE000A01011',
    paidUpValue: '10',
    dateOfListing: '2001-05-14',
    marketLot: 1,
    faceValue: '10',
  };
  const validSignup = {
    firstName: 'Asha',
    lastName: 'Rao',
    username: 'asha',
    email: 'asha@example.com',
    password: 'Asha@1234',
    mobileNo: '9876543210',
  };
  const validPlan = { name: 'Bronze', description: 'Prices', price: '99', durationInDays: 30 };
  const validContact = {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: 'meera@example.com',
    mobileNo: '9876501234',
    message: 'Hello',
  };

  /** The cases of one endpoint: who calls it, with which method, where. */
  const endpoint =
    (as: Persona, method: BadInput['method'], path: string) =>
    (name: string, input: Omit<BadInput, 'name' | 'as' | 'method' | 'path'>): BadInput => ({
      name,
      as,
      method,
      path,
      ...input,
    });
  const signUp = endpoint('anonymous', 'POST', '/auth/signup');
  const logIn = endpoint('anonymous', 'POST', '/auth/login');
  const newFirm = endpoint('staff', 'POST', '/staff/brokerage-firms');
  const newCharge = endpoint('staff', 'POST', '/staff/charges');
  const newCompany = endpoint('staff', 'POST', '/staff/stocks');
  const newHolding = endpoint('investor', 'POST', '/user/holding');

  function corpus(): BadInput[] {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    return [
      // --- sign-up, login, profile
      signUp('sign-up with an over-long username', {
        json: { user: { ...validSignup, username: LONG } },
        says: /username/i,
      }),
      signUp('sign-up with a SQL injection as e-mail', {
        json: { user: { ...validSignup, email: SQL } },
        says: /mail/i,
      }),
      signUp('sign-up with a __proto__ key and nothing else', {
        raw: { body: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
        says: /forbidden key/i,
      }),
      signUp('sign-up with constructor.prototype', {
        raw: { body: '{"user":{"constructor":{"prototype":{"polluted":true}}}}', contentType: 'application/json' },
        says: /forbidden key/i,
      }),
      signUp('sign-up with a NUL byte in the name', {
        json: { user: { ...validSignup, firstName: 'As\u0000ha' } },
        says: /first name|control/i,
      }),
      signUp('sign-up with a numeric password', {
        json: { user: { ...validSignup, password: 12345678 } },
        says: /password/i,
      }),
      signUp('sign-up with a formula as mobile number', {
        json: { user: { ...validSignup, mobileNo: FORMULA } },
        says: /mobile/i,
      }),
      logIn('login with a SQL injection', {
        json: { username: SQL, password: SQL },
        status: 401,
        says: /username or password/i,
      }),
      logIn('login with broken JSON', {
        raw: { body: '{"username": "admin", ', contentType: 'application/json' },
        says: /JSON/i,
      }),
      logIn('login with an array body', { json: [1, 2, 3], says: /object|username/i }),
      logIn('login as text/plain', {
        raw: { body: 'username=admin', contentType: 'text/plain' },
        status: 415,
        says: /content type/i,
      }),
      logIn('login with invalid UTF-8', {
        raw: {
          body: Uint8Array.from([0x7b, 0x22, 0x75, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          contentType: 'application/json',
        },
        says: /username|JSON|UTF/i,
      }),
      logIn('login with JSON nested 5,000 deep', {
        raw: { body: deep, contentType: 'application/json' },
        says: /username|JSON|nest/i,
      }),
      logIn('login with a 2 MB body', {
        json: { username: 'x'.repeat(2 * 1024 * 1024), password: 'x' },
        status: 413,
        says: /too large/i,
      }),
      {
        name: 'profile with an invalid e-mail',
        as: 'investor',
        method: 'PUT',
        path: '/user/profile',
        json: { firstName: 'Ira', lastName: 'Investor', email: GRAPHQL, mobileNo: '9000000003' },
        says: /mail/i,
      },
      {
        name: 'profile with a 100,000-character name',
        as: 'investor',
        method: 'PUT',
        path: '/user/profile',
        json: { firstName: LONG, lastName: 'Investor', email: 'i@example.com' },
        says: /first name/i,
      },
      // --- users and roles
      {
        name: 'new user with a short password',
        as: 'admin',
        method: 'POST',
        path: '/admin/users',
        json: { ...validSignup, password: 'a', roles: [{ id: 1, name: 'ROLE_USER' }] },
        says: /password/i,
      },
      {
        name: 'new user with a role that does not exist',
        as: 'admin',
        method: 'POST',
        path: '/admin/users',
        json: { ...validSignup, roles: [{ id: 987654, name: 'ROLE_GOD' }] },
        status: [400, 404],
        says: /role/i,
      },
      {
        name: 'user update with a non-numeric id',
        as: 'admin',
        method: 'PUT',
        path: `/admin/users/${encodeURIComponent(SQL)}`,
        json: validSignup,
        says: /id/i,
      },
      {
        name: 'role with an empty name',
        as: 'admin',
        method: 'POST',
        path: '/admin/roles',
        json: { name: '' },
        says: /name/i,
      },
      {
        name: 'role with a SQL injection as name',
        as: 'admin',
        method: 'POST',
        path: '/admin/roles',
        json: { name: SQL },
        says: /ROLE_/,
      },
      {
        name: 'role assignment with an object id',
        as: 'admin',
        method: 'POST',
        path: '/admin/users/1/roles',
        json: { id: { $gt: 0 }, name: 'ROLE_ADMIN' },
        says: /id|role/i,
      },
      // --- reference data
      newFirm('firm with a formula as contact number', {
        json: { name: 'Evil Broking', address: 'Somewhere', contactNumber: FORMULA },
        says: /contact/i,
      }),
      newFirm('firm without a name', { json: { address: 'Somewhere', contactNumber: '9876543210' }, says: /name/i }),
      newFirm('firm with a 100,000-character address', {
        json: { name: 'Long Broking', address: LONG, contactNumber: '9876543210' },
        says: /address/i,
      }),
      {
        name: 'segment with a 100,000-character name',
        as: 'staff',
        method: 'POST',
        path: '/staff/segments',
        json: { name: LONG },
        says: /name/i,
      },
      {
        name: 'segment with a number as name',
        as: 'staff',
        method: 'POST',
        path: '/staff/segments',
        json: { name: 42 },
        says: /name/i,
      },
      {
        name: 'charge type with whitespace only',
        as: 'staff',
        method: 'POST',
        path: '/staff/charge-types',
        json: { name: '   ' },
        says: /name/i,
      },
      {
        name: 'charge type rename with a __proto__ id',
        as: 'staff',
        method: 'PUT',
        path: '/staff/charge-types/__proto__',
        json: { name: 'x' },
        says: /id/i,
      },
      newCharge('charge with percentage NaN', {
        lazyJson: () => ({ ...validCharge(), percentage: 'NaN' }),
        says: /percentage/i,
      }),
      newCharge('charge with percentage 1e309', {
        lazyJson: () => ({ ...validCharge(), percentage: '1e309' }),
        says: /percentage/i,
      }),
      newCharge('charge with a negative amount', {
        lazyJson: () => ({ ...validCharge(), amount: '-5' }),
        says: /amount/i,
      }),
      newCharge('charge effective on 30 February', {
        lazyJson: () => ({ ...validCharge(), effectiveDate: '2025-02-30' }),
        says: /date/i,
      }),
      newCharge('charge on side HOLD', {
        lazyJson: () => ({ ...validCharge(), onBuySell: 'HOLD' }),
        says: /buy|sell|side/i,
      }),
      newCharge('charge on a SQL injection exchange', {
        lazyJson: () => ({ ...validCharge(), exchange: SQL }),
        says: /exchange/i,
      }),
      newCharge('charge for a firm that does not exist', {
        lazyJson: () => ({ ...validCharge(), brokerageFirm: { id: 987654 } }),
        status: [400, 404],
        says: /firm|broker/i,
      }),
      {
        name: 'instrument with a 100,000-character type',
        as: 'admin',
        method: 'POST',
        path: '/admin/financial-instruments',
        json: { type: LONG, description: 'x' },
        says: /type/i,
      },
      // --- holdings
      newHolding('holding with a SQL injection as symbol', {
        lazyJson: () => ({ ...validHolding(), symbol: SQL }),
        says: /symbol/i,
      }),
      newHolding('holding with a GraphQL query as symbol', {
        lazyJson: () => ({ ...validHolding(), symbol: GRAPHQL }),
        says: /symbol/i,
      }),
      newHolding('holding of 1.5 shares', {
        lazyJson: () => ({ ...validHolding(), quantity: 1.5 }),
        says: /quantity/i,
      }),
      newHolding('holding of −3 shares', { lazyJson: () => ({ ...validHolding(), quantity: -3 }), says: /quantity/i }),
      newHolding('holding of 1e20 shares', {
        lazyJson: () => ({ ...validHolding(), quantity: 1e20 }),
        says: /quantity/i,
      }),
      newHolding('holding at price "abc"', { lazyJson: () => ({ ...validHolding(), price: 'abc' }), says: /price/i }),
      newHolding('holding at price 0', { lazyJson: () => ({ ...validHolding(), price: '0' }), says: /price/i }),
      newHolding('holding bought in 2999', {
        lazyJson: () => ({ ...validHolding(), creationDate: '2999-01-01' }),
        says: /date|future/i,
      }),
      newHolding('holding on NYSE', { lazyJson: () => ({ ...validHolding(), exchange: 'NYSE' }), says: /exchange/i }),
      newHolding('holding sold before it was bought', {
        lazyJson: () => ({ ...validHolding(), sellPrice: '110', sellingDate: '2024-01-01' }),
        says: /selling date|before/i,
      }),
      {
        name: 'sale of more shares than held',
        as: 'investor',
        method: 'PUT',
        path: '/user/holding/{holding}',
        lazyJson: () => ({ ...validHolding(), quantity: 11, sellPrice: '110', sellingDate: '2025-01-09' }),
        says: /cannot sell 11 shares/i,
      },
      newHolding('holding with a formula as segment', {
        lazyJson: () => ({ ...validHolding(), instrumentType: FORMULA }),
        status: [400, 404],
        says: /segment|instrument/i,
      }),
      // --- companies and analysis
      newCompany('company with a script tag as symbol', {
        json: { ...validCompany, symbol: '<script>alert(1)</script>' },
        says: /symbol/i,
      }),
      newCompany('company with a formula as symbol', { json: { ...validCompany, symbol: '=1+1' }, says: /symbol/i }),
      newCompany('company with a 100,000-character name', {
        json: { ...validCompany, companyName: LONG },
        says: /name/i,
      }),
      newCompany('company listed on 2025-13-45', {
        json: { ...validCompany, dateOfListing: '2025-13-45' },
        says: /date/i,
      }),
      {
        name: 'company update with id 1.5',
        as: 'staff',
        method: 'PUT',
        path: '/staff/stocks/1.5',
        json: validCompany,
        says: /id/i,
      },
      {
        name: 'SMA with a text price size',
        as: 'anonymous',
        method: 'POST',
        path: '/public/technical-analysis/stocks/sma?symbol=BADIN&priceSize=abc&windowSize=2',
        says: /price size|priceSize/i,
      },
      {
        name: 'SMA with window 0',
        as: 'anonymous',
        method: 'POST',
        path: '/public/technical-analysis/stocks/sma?symbol=BADIN&priceSize=2&windowSize=0',
        says: /window/i,
      },
      {
        name: 'SMA over 100,000 prices',
        as: 'anonymous',
        method: 'POST',
        path: '/public/technical-analysis/stocks/sma?symbol=BADIN&priceSize=100000&windowSize=2',
        says: /price size|priceSize|5,000|5000/i,
      },
      // --- accounts and engagement
      {
        name: 'password reset without an account',
        as: 'anonymous',
        method: 'POST',
        path: '/public/forgot-password?UsernameOrEmail=',
        says: /username|e-?mail/i,
      },
      {
        name: 'password change with a forged token',
        as: 'anonymous',
        method: 'POST',
        path: `/public/change-password?token=${encodeURIComponent(SQL)}&password=Short`,
        says: /password|token|link/i,
      },
      {
        name: 'plan at price −1',
        as: 'admin',
        method: 'POST',
        path: '/admin/subscription-plans',
        json: { ...validPlan, price: '-1' },
        says: /price/i,
      },
      {
        name: 'plan of 0 days',
        as: 'admin',
        method: 'POST',
        path: '/admin/subscription-plans',
        json: { ...validPlan, durationInDays: 0 },
        says: /duration|days/i,
      },
      {
        name: 'subscription to plan "1 OR 1=1"',
        as: 'investor',
        method: 'POST',
        path: '/user/subscription/subscribe',
        json: { planId: '1 OR 1=1', userId: 3 },
        says: /plan/i,
      },
      {
        name: 'referral from a text id',
        as: 'investor',
        method: 'POST',
        path: '/user/referrals',
        json: { referrerUserId: 'abc', referredUserId: 3 },
        says: /referrer/i,
      },
      {
        name: 'contact message with an invalid e-mail',
        as: 'anonymous',
        method: 'POST',
        path: '/public/contact-messages',
        json: { ...validContact, email: FORMULA },
        says: /mail/i,
      },
      {
        name: 'contact message of 100,000 characters',
        as: 'anonymous',
        method: 'POST',
        path: '/public/contact-messages',
        json: { ...validContact, message: LONG },
        says: /message/i,
      },
    ];
  }

  beforeAll(async () => {
    tokens.investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    tokens.staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    tokens.admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    const ref = await createReference(api, tokens.staff, 'Badin', ['Brokerage']);
    firm = ref.firm;
    segment = ref.segment;
    chargeType = ref.types.Brokerage!;
    await insertPrices(api, [
      { symbol: 'BADIN', date: '2025-01-10', close: '120' },
      { symbol: 'BADIN', date: '2025-01-09', close: '118' },
      { symbol: 'BADIN', date: '2025-01-08', close: '116' },
    ]);
    const holding = await api.request<{ id: number }>('POST', '/user/holding', {
      token: tokens.investor,
      json: validHolding(),
    });
    expect(holding.status, holding.text).toBe(201);
    holdingId = holding.body.id;
    before = await checksums();
    global.gc?.();
    heapBefore = process.memoryUsage().heapUsed;
  });

  it('has at least 60 cases across the JSON writes', () => {
    expect(corpus().length).toBeGreaterThanOrEqual(60);
  });

  it.each(corpus().map((bad) => [bad.name, bad] as const))(
    'refuses %s with a clear 4xx within 2 s',
    async (_name, bad) => {
      const started = performance.now();
      const path = bad.path.replace('{holding}', String(holdingId));
      const result = bad.raw
        ? await api.request<{ message?: string }>(bad.method, path, {
            token: tokens[bad.as],
            body: bad.raw.body,
            headers: { 'content-type': bad.raw.contentType },
          })
        : await api.request<{ message?: string }>(bad.method, path, {
            token: tokens[bad.as],
            json: bad.lazyJson ? bad.lazyJson() : bad.json,
          });
      const elapsed = performance.now() - started;
      const expected = bad.status === undefined ? [400] : Array.isArray(bad.status) ? bad.status : [bad.status];
      expect(expected, `${result.status} ${result.text.slice(0, 300)}`).toContain(result.status);
      expect(typeof result.body === 'object' && result.body !== null ? result.body.message : result.text).toMatch(
        bad.says instanceof RegExp ? bad.says : new RegExp(bad.says, 'i'),
      );
      expect(result.text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/); // no stack traces
      expect(elapsed).toBeLessThan(2_000);
    },
  );

  it('leaves every table exactly as it was', async () => {
    expect(await checksums()).toEqual(before);
  });

  it('leaves Object.prototype untouched', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  });

  it('keeps the heap bounded', () => {
    global.gc?.();
    // 60-odd requests with bodies up to 2 MB; what stays should be small (no retained bodies)
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
