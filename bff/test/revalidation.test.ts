/**
 * The BFF revalidates tagged REST answers (GET /user/holding… carries an ETag): a repeated
 * holdings query sends If-None-Match and reuses its copy on 304; a change in the data is seen at
 * once; a kept answer never reaches another caller, and without a valid token nothing is reused.
 * Also the store's byte budget.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { RevalidationStore } from '../src/caches/shared-caches.js';
import { type GraphQLClient, useStack } from './setup/stack.js';
import { insertPrices } from '../../api/test/portfolio/helpers.js';

interface HoldingRow {
  symbol: string;
  currentPrice: string | null;
  quantity: number;
  profitLoss: { gross: string | null };
}

const HOLDINGS = '{ holdings { symbol currentPrice quantity profitLoss { gross } } }';

describe('revalidated holdings', () => {
  const stack = useStack();
  let investor: GraphQLClient;
  let other: GraphQLClient;
  /** Status and If-None-Match of every REST GET of a holdings list. */
  let listCalls: Array<{ status: number; conditional: boolean }> = [];

  async function holdings(client: GraphQLClient): Promise<HoldingRow[]> {
    const result = await client.request<{ holdings: HoldingRow[] }>(HOLDINGS);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data?.holdings ?? [];
  }

  beforeAll(async () => {
    investor = await stack.clientAs('investor');
    const signup = await stack
      .client()
      .request('mutation ($input: SignupInput!) { signup(input: $input) { message } }', {
        input: {
          firstName: 'Meera',
          lastName: 'Iyer',
          username: 'meera_tag',
          email: 'meera.tag@example.com',
          password: 'Meera#2025',
        },
      });
    expect(signup.errors).toBeUndefined();
    other = stack.client();
    await other.login('meera_tag', 'Meera#2025');
    stack.api.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.method !== 'GET' || !request.url?.startsWith('/api/user/holding')) return;
      const conditional = request.headers['if-none-match'] !== undefined;
      response.on('finish', () => listCalls.push({ status: response.statusCode, conditional }));
    });
    await insertPrices(stack.api, [{ symbol: 'REVAL', date: '2025-03-03', close: '200' }]);
    const firms = await investor.request<{ brokerageFirms: Array<{ id: string }>; segments: Array<{ name: string }> }>(
      '{ brokerageFirms { id } segments { name } }',
    );
    const added = await investor.request('mutation ($input: HoldingInput!) { addHolding(input: $input) { id } }', {
      input: {
        symbol: 'REVAL',
        price: '150',
        quantity: 4,
        exchange: 'NSE',
        creationDate: '2025-03-03',
        brokerageFirmId: firms.data?.brokerageFirms[0]?.id,
        segmentName: firms.data?.segments[0]?.name,
      },
    });
    expect(added.errors, JSON.stringify(added.errors)).toBeUndefined();
  });

  it('reuses the kept list after a 304 and gives the same answer', async () => {
    listCalls = [];
    const first = await holdings(investor);
    const second = await holdings(investor);
    expect(second).toEqual(first);
    expect(first.find((row) => row.symbol === 'REVAL')).toMatchObject({
      currentPrice: '200',
      quantity: 4,
      profitLoss: { gross: '200' },
    });
    expect(listCalls.at(-1)).toEqual({ status: 304, conditional: true });
  });

  it('shows new data at once: the REST API answers 200 after a write', async () => {
    await holdings(investor);
    listCalls = [];
    await insertPrices(stack.api, [{ symbol: 'REVAL', date: '2025-03-04', close: '210' }]);
    const after = await holdings(investor);
    expect(after.find((row) => row.symbol === 'REVAL')).toMatchObject({
      currentPrice: '210',
      profitLoss: { gross: '240' },
    });
    expect(listCalls).toEqual([{ status: 200, conditional: true }]);
  });

  it('never hands one caller’s kept list to another', async () => {
    await holdings(investor);
    listCalls = [];
    expect(await holdings(other)).toEqual([]);
    expect(listCalls).toEqual([{ status: 200, conditional: false }]);
    // and after logging out the same browser gets nothing, kept copy or not
    await investor.request('mutation { logout }');
    const anonymous = await investor.request(HOLDINGS);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('RevalidationStore', () => {
  it('keys entries by token and URL, and drops the least recently used beyond its byte budget', () => {
    const store = new RevalidationStore(100, 60);
    const a = store.key('token-a', 'http://api/x');
    const b = store.key('token-b', 'http://api/x');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token-a');
    store.set(a, { tag: '"1"', data: 'A', size: 40 });
    store.set(b, { tag: '"2"', data: 'B', size: 40 });
    store.get(a); // a is now the most recently used
    store.set(store.key('token-c', 'http://api/x'), { tag: '"3"', data: 'C', size: 40 });
    expect(store.get(b)).toBeUndefined();
    expect(store.get(a)?.data).toBe('A');
    // an answer larger than one entry may be is not kept at all
    store.set(store.key('token-d', 'http://api/x'), { tag: '"4"', data: 'D', size: 61 });
    expect(store.size).toBe(2);
  });
});
