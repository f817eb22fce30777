/**
 * The data made for programs through the whole stack (this BFF over HTTP, the real REST API, its
 * database), on the real bhavcopies of August to October 2019 and NSE's corporate actions (uploaded
 * through uploadMarketData): docs/integrators.md#paging, #batching and #caching.
 * - Each connection (stockPriceConnection, candleConnection, corporateActionConnection,
 *   watchlistConnection) page by page is the list field's answer; an edge's cursor continues after it.
 * - quotes and candlesBySymbol: many symbols, and several fields asking, in one REST call; a
 *   symbol without prices fails its field only; sizes from the arguments within the cost limit.
 * - Automatic persisted queries over GET: PersistedQueryNotFound, the text once, then the hash
 *   alone; an ETag that answers 304 until the next upload; public caching for anonymous market
 *   data, private otherwise; a hash that is not its text's: 400 with a message.
 * - Bad input is BAD_USER_INPUT (or a 400) with a message.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, sendUpload, startStack, type GraphQLClient, type Stack, expectBadUserInput } from './setup/stack.js';
import { LEGACY_BHAVCOPY_DIR, legacyBhavcopyFiles } from '../../api/test/market/support/bhavcopy.js';
import { loadedDatabase } from '../../api/test/market/support/legacy-database.js';
import { DATA_DIR } from '../../api/test/uploads/helpers.js';
import type { Candle } from '../src/__generated__/resolvers-types.js';

const FILES = legacyBhavcopyFiles().filter((file) => /(AUG|SEP|OCT)2019\.csv$/.test(file));
const CA_FILE = path.join(DATA_DIR, 'corporate_actions/CF-CA-equities.csv');
const TEN = ['HDFCBANK', 'INFY', 'TCS', 'RELIANCE', 'SBIN', 'ITC', 'WIPRO', 'LT', 'AXISBANK', 'MARUTI'];

interface Edge<T> {
  cursor: string;
  node: T;
}
interface Connection<T> {
  edges: Array<Edge<T>>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

const CANDLE = 'date openPrice highPrice lowPrice closePrice volume';
const PAGE = 'pageInfo { hasNextPage endCursor } totalCount';

const UPLOAD = `mutation ($type: UploadType!, $file: Upload!) { uploadMarketData(type: $type, file: $file) { type } }`;

/** Every page of a connection field, following endCursor: the nodes, the pages. */
async function allNodes<T>(
  client: GraphQLClient,
  field: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ nodes: T[]; pages: Array<Connection<T>> }> {
  const nodes: T[] = [];
  const pages: Array<Connection<T>> = [];
  let after: string | null = null;
  do {
    const data: Record<string, Connection<T>> = await ok<Record<string, Connection<T>>>(client, query, {
      ...variables,
      after,
    });
    const page: Connection<T> = data[field]!;
    pages.push(page);
    nodes.push(...page.edges.map((edge) => edge.node));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    expect(pages.length).toBeLessThan(500);
  } while (after);
  return { nodes, pages };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('data made for programs, through the BFF, the REST API and its database', () => {
  let stack: Stack;
  let anonymous: GraphQLClient;
  let staff: GraphQLClient;
  /** REST calls the API received, by path. */
  const restCalls: string[] = [];
  /** An edge cursor of HDFCBANK's adjusted candles from before the corporate actions were loaded. */
  let cursorBeforeActions: string;

  beforeAll(async () => {
    stack = await startStack({ api: { copyOf: await loadedDatabase(FILES) }, bff: { marketVersionCheckMs: 0 } });
    stack.api.app.server.on('request', (request: IncomingMessage) => restCalls.push(request.url ?? ''));
    anonymous = stack.client();
    staff = await stack.clientAs('staff');
    const before = await ok<{ candleConnection: Connection<Candle> }>(
      anonymous,
      `{ candleConnection(symbol: "HDFCBANK", first: 5) { edges { cursor } } }`,
    );
    cursorBeforeActions = before.candleConnection.edges[2]!.cursor;
    const uploaded = await sendUpload(stack, staff, UPLOAD, 'UPLOAD_CORPORATE_ACTIONS', {
      name: 'CF-CA-equities.csv',
      content: fs.readFileSync(CA_FILE),
    });
    expect(uploaded.errors, JSON.stringify(uploaded.errors)).toBeUndefined();
  }, 1_200_000);
  afterAll(async () => stack?.close());

  describe('connections', () => {
    it('stockPriceConnection, page by page, is stockPrices of the day', async () => {
      const query = `query ($first: Int!, $after: String) {
        stockPriceConnection(date: "2019-09-19", first: $first, after: $after) {
          edges { cursor node { symbol series date closePrice previousClose changePerDay volume } } ${PAGE}
        }
      }`;
      const whole = await ok<{ stockPrices: unknown[] }>(
        anonymous,
        '{ stockPrices(date: "2019-09-19") { symbol series date closePrice previousClose changePerDay volume } }',
      );
      const { nodes, pages } = await allNodes(anonymous, 'stockPriceConnection', query, { first: 500 });
      expect(nodes).toEqual(whole.stockPrices);
      expect(pages.length).toBe(Math.ceil(whole.stockPrices.length / 500));
      for (const page of pages) expect(page.totalCount).toBe(whole.stockPrices.length);
      expect(pages.at(-1)!.pageInfo.hasNextPage).toBe(false);
      // an edge in the middle of a page continues right after its row
      const edge = pages[0]!.edges[199]!;
      const after = await ok<{ stockPriceConnection: Connection<unknown> }>(anonymous, query, {
        first: 3,
        after: edge.cursor,
      });
      expect(after.stockPriceConnection.edges.map((next) => next.node)).toEqual(whole.stockPrices.slice(200, 203));
    });

    it('candleConnection, weekly, page by page, is the symbol’s weekly candles; an edge continues after its candle', async () => {
      const query = `query ($first: Int!, $after: String) {
        candleConnection(symbol: "hdfcbank", interval: WEEK, first: $first, after: $after) { edges { cursor node { ${CANDLE} } } ${PAGE} }
      }`;
      const batch = await ok<{ candlesBySymbol: Array<{ symbol: string; candles: Candle[] }> }>(
        anonymous,
        `{ candlesBySymbol(symbols: ["HDFCBANK"], interval: WEEK) { symbol candles { ${CANDLE} } } }`,
      );
      const weeks = batch.candlesBySymbol[0]!.candles;
      const { nodes, pages } = await allNodes<Candle>(anonymous, 'candleConnection', query, { first: 4 });
      expect(nodes).toEqual(weeks);
      expect(pages[0]!.totalCount).toBe(weeks.length);
      // about 13 weeks in three months; the split week of 16-Sep is one candle dated Monday
      expect(weeks.length).toBeGreaterThanOrEqual(13);
      expect(weeks.map((week) => week.date)).toContain('2019-09-16');
      const middle = pages[1]!.edges[1]!;
      const rest = await ok<{ candleConnection: Connection<Candle> }>(anonymous, query, {
        first: 2,
        after: middle.cursor,
      });
      const at = weeks.findIndex((week) => week.date === middle.node.date);
      expect(rest.candleConnection.edges.map((edge) => edge.node)).toEqual(weeks.slice(at + 1, at + 3));
      // the last page's endCursor asks later for what was added after it: nothing yet
      const end = pages.at(-1)!.pageInfo.endCursor;
      const later = await ok<{ candleConnection: Connection<Candle> }>(anonymous, query, { first: 4, after: end });
      expect(later.candleConnection.edges).toEqual([]);
    });

    it('corporateActionConnection of a year, page by page, is corporateActions of the year', async () => {
      const whole = await ok<{ corporateActions: unknown[] }>(
        anonymous,
        '{ corporateActions(year: 2019) { id symbol exDate purpose kind factor label } }',
      );
      const query = `query ($after: String) {
        corporateActionConnection(year: 2019, first: 250, after: $after) { edges { cursor node { id symbol exDate purpose kind factor label } } ${PAGE} }
      }`;
      const { nodes, pages } = await allNodes(anonymous, 'corporateActionConnection', query, {});
      expect(nodes).toEqual(whole.corporateActions);
      expect(pages[0]!.totalCount).toBe(whole.corporateActions.length);
      expect(whole.corporateActions.length).toBeGreaterThan(250);
    });

    it('watchlistConnection, page by page, is the caller’s watch list; anonymous callers are refused', async () => {
      const investor = await stack.clientAs('investor');
      for (const symbol of ['WIPRO', 'TCS', 'INFY'])
        await ok(investor, 'mutation ($s: String!) { watchSymbol(symbol: $s) { symbol } }', { s: symbol });
      const whole = await ok<{ watchlist: unknown[] }>(investor, '{ watchlist { symbol closePrice addedAt } }');
      const query = `query ($after: String) {
        watchlistConnection(first: 2, after: $after) { edges { cursor node { symbol closePrice addedAt } } ${PAGE} }
      }`;
      const { nodes, pages } = await allNodes(investor, 'watchlistConnection', query, {});
      expect(nodes).toEqual(whole.watchlist);
      expect(pages.length).toBe(Math.ceil(whole.watchlist.length / 2));
      expect(whole.watchlist.length).toBeGreaterThanOrEqual(3);
      const refused = await anonymous.request('{ watchlistConnection(first: 2) { totalCount } }');
      expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('many symbols at once', () => {
    it('quotes of three fields are one REST call; each answers its symbols in order', async () => {
      restCalls.length = 0;
      const data = await ok<Record<string, Array<{ symbol: string; closePrice: string; tradeDate: string }>>>(
        anonymous,
        `{ a: quotes(symbols: ["TCS", "INFY"]) { symbol closePrice tradeDate }
           b: quotes(symbols: ["wipro", "TCS"]) { symbol closePrice tradeDate changePercent }
           c: quotes(symbols: ["ITC"]) { symbol } }`,
      );
      expect(data.a!.map((quote) => quote.symbol)).toEqual(['TCS', 'INFY']);
      expect(data.b!.map((quote) => quote.symbol)).toEqual(['WIPRO', 'TCS']);
      expect(data.a![0]!.tradeDate).toBe('2019-10-31');
      expect(restCalls.filter((url) => url.startsWith('/api/public/stock-prices/quotes'))).toEqual([
        '/api/public/stock-prices/quotes?symbols=TCS%2CINFY%2CWIPRO%2CITC',
      ]);
    });

    it('a symbol without prices fails its own field only (null), naming it', async () => {
      const result = await anonymous.request<Record<string, unknown>>(
        '{ good: quotes(symbols: ["TCS"]) { symbol } bad: quotes(symbols: ["TCS", "NOSUCHCO"]) { symbol } }',
      );
      expect(result.data).toEqual({ good: [{ symbol: 'TCS' }], bad: null });
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]).toMatchObject({
        message: 'Unknown symbol NOSUCHCO: no prices are loaded for it',
        path: ['bad'],
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('a year of weekly candles of ten symbols is one REST call, each the symbol’s own candles', async () => {
      restCalls.length = 0;
      const data = await ok<{ candlesBySymbol: Array<{ symbol: string; candles: Candle[] }> }>(
        anonymous,
        `query ($symbols: [String!]!) {
          candlesBySymbol(symbols: $symbols, interval: WEEK, from: "2018-11-01", to: "2019-10-31") { symbol candles { ${CANDLE} } }
        }`,
        { symbols: TEN },
      );
      expect(data.candlesBySymbol.map((entry) => entry.symbol)).toEqual(TEN);
      expect(restCalls.filter((url) => url.startsWith('/api/public/stock-prices/candles'))).toHaveLength(1);
      for (const entry of data.candlesBySymbol.slice(0, 3)) {
        const own = await ok<{ candleConnection: Connection<Candle> }>(
          anonymous,
          `{ candleConnection(symbol: "${entry.symbol}", interval: WEEK, from: "2018-11-01", to: "2019-10-31", first: 500) { edges { node { ${CANDLE} } } } }`,
        );
        expect(entry.candles).toEqual(own.candleConnection.edges.map((edge) => edge.node));
      }
    });

    it('is bounded by the cost of its arguments, measured with the variables sent', async () => {
      const fifty = Array.from({ length: 50 }, (_, index) => `S${index}`);
      const query = `query ($symbols: [String!]!, $interval: CandleInterval) {
        candlesBySymbol(symbols: $symbols, interval: $interval) { symbol candles { ${CANDLE} } }
      }`;
      // fifty symbols' whole daily history: 50 × 1,250 candles × 6 values
      const refused = await anonymous.request(query, { symbols: fifty, interval: 'DAY' });
      expect(refused.status).toBe(400);
      expect(refused.errors?.[0]?.message).toMatch(/^The query is too expensive \(cost \d+; at most 40000\)$/);
      // the same document with ten symbols' months fits
      const fits = await anonymous.request(query, { symbols: TEN, interval: 'MONTH' });
      expect(fits.errors, JSON.stringify(fits.errors)).toBeUndefined();
    });

    it('refuses more than 50 symbols and symbols that are not symbols', async () => {
      const many = Array.from({ length: 51 }, (_, index) => `S${index}`);
      const result = await anonymous.request('query ($s: [String!]!) { quotes(symbols: $s) { symbol } }', { s: many });
      expectBadUserInput(result, 'symbols names 51 symbols; at most 50 per request');
      const odd = await anonymous.request('{ candlesBySymbol(symbols: ["TCS", "IN FY"]) { symbol } }');
      expect(odd.errors?.[0]?.message).toMatch(/^symbols must be NSE symbols .*'IN FY' is not one$/);
    });
  });

  describe('bad input to the connections', () => {
    it('first out of range, a forged cursor, an unknown symbol, a stale cursor', async () => {
      for (const first of [0, 501]) {
        const result = await anonymous.request(`{ stockPriceConnection(first: ${first}) { totalCount } }`);
        expectBadUserInput(result, 'first must be a whole number from 1 to 500');
      }
      for (const after of ['not a cursor', Buffer.from('[1,2]').toString('base64url')]) {
        const result = await anonymous.request(
          'query ($a: String) { candleConnection(symbol: "TCS", first: 5, after: $a) { totalCount } }',
          {
            a: after,
          },
        );
        expectBadUserInput(result, 'cursor is not one this API gave: start again without it');
      }
      const unknown = await anonymous.request('{ candleConnection(symbol: "NOSUCHCO", first: 5) { totalCount } }');
      expectBadUserInput(unknown, 'Unknown symbol NOSUCHCO: no prices are loaded for it');
      const stale = await anonymous.request(
        'query ($a: String) { candleConnection(symbol: "HDFCBANK", first: 5, after: $a) { totalCount } }',
        { a: cursorBeforeActions },
      );
      expectBadUserInput(
        stale,
        'The adjusted prices of HDFCBANK changed after this cursor was made (a split, bonus or consolidation took effect): start again without a cursor',
      );
      const year = await anonymous.request('{ corporateActionConnection(year: 1800, first: 5) { totalCount } }');
      expect(year.errors?.[0]?.message).toBe('The year must be a calendar year from 1990 to 2100');
    });
  });

  describe('automatic persisted queries over GET', () => {
    const QUERY = 'query Quotes($symbols: [String!]!) { quotes(symbols: $symbols) { symbol closePrice tradeDate } }';
    const HASH = sha256(QUERY);

    /** A GET of the operation by its hash (and its text when given), as Apollo Client's persisted-query link sends it. */
    function get(
      options: { query?: string; hash?: string; variables?: unknown; headers?: Record<string, string> } = {},
    ): Promise<Response> {
      const url = new URL(`${stack.bffUrl}/graphql`);
      if (options.query) url.searchParams.set('query', options.query);
      url.searchParams.set('operationName', 'Quotes');
      url.searchParams.set('variables', JSON.stringify(options.variables ?? { symbols: ['TCS', 'INFY'] }));
      url.searchParams.set(
        'extensions',
        JSON.stringify({ persistedQuery: { version: 1, sha256Hash: options.hash ?? HASH } }),
      );
      return fetch(url, { headers: { 'apollo-require-preflight': 'true', ...options.headers } });
    }

    it('not found, then the text once, then the hash alone, with an ETag that holds until the next upload', async () => {
      const missing = await get();
      const missingBody = (await missing.json()) as {
        errors: Array<{ message: string; extensions: { code: string } }>;
      };
      expect(missingBody.errors[0]).toMatchObject({
        message: 'PersistedQueryNotFound',
        extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
      });
      expect(missing.headers.get('cache-control')).toMatch(/private|no-store|no-cache/);

      const registered = await get({ query: QUERY });
      expect(registered.status).toBe(200);
      const first = (await registered.json()) as { data: { quotes: Array<{ symbol: string; tradeDate: string }> } };
      expect(first.data.quotes.map((quote) => [quote.symbol, quote.tradeDate])).toEqual([
        ['TCS', '2019-10-31'],
        ['INFY', '2019-10-31'],
      ]);

      const byHash = await get();
      expect(byHash.status).toBe(200);
      expect(await byHash.json()).toEqual(first);
      const tag = byHash.headers.get('etag');
      expect(tag).toMatch(/^W\/".+"$/);
      expect(byHash.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(registered.headers.get('etag')).toBe(tag);

      // the same variables: not modified, no body; other variables: another tag
      const unchanged = await get({ headers: { 'if-none-match': tag! } });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
      const other = await get({ variables: { symbols: ['TCS'] }, headers: { 'if-none-match': tag! } });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).not.toBe(tag);

      // a new day's prices move the market data on: the tag no longer holds
      const day = path.join(LEGACY_BHAVCOPY_DIR, '01NOV2019.csv');
      const uploaded = await sendUpload(stack, staff, UPLOAD, 'UPLOAD_STOCK_PRICE', {
        name: '01NOV2019.csv',
        content: fs.readFileSync(day),
      });
      expect(uploaded.errors, JSON.stringify(uploaded.errors)).toBeUndefined();
      const changed = await get({ headers: { 'if-none-match': tag! } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tag);
      const fresh = (await changed.json()) as { data: { quotes: Array<{ tradeDate: string }> } };
      expect(fresh.data.quotes[0]!.tradeDate).toBe('2019-11-01');
      expect((await get({ headers: { 'if-none-match': changed.headers.get('etag')! } })).status).toBe(304);
    });

    it('keeps answers to a logged-in caller private, and private data uncached', async () => {
      await get({ query: QUERY });
      const withCookie = await get({ headers: { cookie: staff.cookie()! } });
      expect(withCookie.status).toBe(200);
      expect(withCookie.headers.get('cache-control')).toBe('private, no-cache');
      const withToken = await get({ headers: { authorization: 'Bearer not-a-real-token' } });
      expect(withToken.headers.get('cache-control')).toBe('private, no-cache');

      const investor = await stack.clientAs('investor');
      const text = 'query Mine { watchlist { symbol } }';
      const url = new URL(`${stack.bffUrl}/graphql`);
      url.searchParams.set('query', text);
      url.searchParams.set('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(text) } }));
      const mine = await fetch(url, { headers: { 'apollo-require-preflight': 'true', cookie: investor.cookie()! } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      // POST answers are not cached either
      const posted = await anonymous.request('{ quotes(symbols: ["TCS"]) { symbol } }');
      expect(posted.headers.get('cache-control')).toBe('private, no-store');
    });

    it('refuses a hash that is not its text’s, a bad extension, mutations, and requests without the CSRF header', async () => {
      const wrong = await get({ query: QUERY, hash: sha256(`${QUERY} `) });
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
        'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it: hash exactly the text sent (UTF-8), or send the hash alone',
      );
      const upper = await get({ hash: HASH.toUpperCase() });
      expect(upper.status).toBe(400);
      const url = new URL(`${stack.bffUrl}/graphql`);
      url.searchParams.set('query', 'mutation { logout }');
      const mutation = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
      expect(mutation.status).toBe(405);
      const noHeader = await fetch(`${stack.bffUrl}/graphql?query=${encodeURIComponent('{ tradingDays }')}`);
      expect(noHeader.status).toBe(400);
      expect(await noHeader.text()).toMatch(/Cross-Site Request Forgery/);
    });
  });
});
