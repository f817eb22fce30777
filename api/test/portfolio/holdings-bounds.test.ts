/**
 * Holdings bounded per account (docs/decisions.md#holdings-bounded-per-account): GET /user/holding
 * a page at a time (?limit=&cursor=, keyset by symbol, buying date and id), the pages adding up to
 * exactly the whole list; bad paging arguments answered 400 with a message; `?id=` for one
 * holding; at most 20,000 holdings per account, every write refused beyond it with the same words;
 * tradebook imports limited per account (a few a minute, 429 with Retry-After beyond).
 *
 * The book: 7 holdings of 3 symbols on dates chosen so that the order (symbol, buying date, id)
 * is known by hand: INFY 02-Mar ×2 (ids in insertion order), INFY 05-Mar, SBIN 03-Mar, TCS 02-Mar,
 * TCS 04-Mar ×2.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto } from '@bazaar/shared/contract';
import { queryRows } from '../../src/db/client.js';
import { DEMO, useApi } from '../setup/test-api.js';
import { addHolding, createReference, holdingPayload, insertPrices } from './helpers.js';

describe('holdings bounded per account', () => {
  const api = useApi({ config: { tradebookImportsPerMinute: 1 } });
  let investor: string;
  let ref: Awaited<ReturnType<typeof createReference>>;
  const added: HoldingDto[] = [];

  beforeAll(async () => {
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    ref = await createReference(api, staff, 'Bounds', []);
    await insertPrices(api, [
      { symbol: 'INFY', date: '2020-03-06', close: '700' },
      { symbol: 'SBIN', date: '2020-03-06', close: '280' },
      { symbol: 'TCS', date: '2020-03-06', close: '2000' },
    ]);
    const book: Array<[string, string]> = [
      ['TCS', '2020-03-04'],
      ['INFY', '2020-03-02'],
      ['SBIN', '2020-03-03'],
      ['INFY', '2020-03-05'],
      ['TCS', '2020-03-02'],
      ['INFY', '2020-03-02'],
      ['TCS', '2020-03-04'],
    ];
    for (const [symbol, creationDate] of book)
      added.push(await addHolding(api, investor, ref, { symbol, price: '100', quantity: 1, creationDate }));
  });

  const list = (query: string) => api.request<HoldingDto[]>('GET', `/user/holding${query}`, { token: investor });

  it('pages add up to exactly the whole list, in symbol, buying date and id order', async () => {
    const [tcs4a, infy2a, sbin3, infy5, tcs2, infy2b, tcs4b] = added.map((holding) => holding.id);
    const expected = [infy2a, infy2b, infy5, sbin3, tcs2, tcs4a, tcs4b];
    const whole = await list('');
    expect(whole.body.map((holding) => holding.id)).toEqual(expected);

    const pages: number[][] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      expect(page.headers.get('x-total-count')).toBe('7');
      pages.push(page.body.map((holding) => holding.id));
      cursor = page.headers.get('x-next-cursor');
      if (cursor === null) {
        expect(page.headers.get('link')).toBeNull();
        break;
      }
      expect(page.headers.get('link')).toBe(`</api/user/holding?limit=3&cursor=${cursor}>; rel="next"`);
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(expected);
    // each row of a page is the whole list's row (same P&L, same everything)
    const first = await list('?limit=3');
    expect(first.body).toEqual(whole.body.slice(0, 3));
  });

  it('continues after the last row given, whatever was added before it meanwhile', async () => {
    const first = await list('?limit=2');
    const cursor = first.headers.get('x-next-cursor')!;
    // a new INFY lot sorts before the cursor: the next page neither repeats nor skips a row
    const early = await addHolding(api, investor, ref, {
      symbol: 'INFY',
      price: '100',
      quantity: 1,
      creationDate: '2020-03-01',
    });
    const next = await list(`?limit=2&cursor=${cursor}`);
    expect(next.body.map((holding) => holding.symbol + holding.creationDate)).toEqual([
      'INFY2020-03-05',
      'SBIN2020-03-03',
    ]);
    expect(next.headers.get('x-total-count')).toBe('8');
    await api.request('DELETE', `/user/holding/${early.id}`, { token: investor });
  });

  it('answers one holding by ?id=, and none of another account', async () => {
    const one = await list(`?id=${added[2]!.id}`);
    expect(one.body.map((holding) => holding.symbol)).toEqual(['SBIN']);
    expect((await list('?id=999999')).body).toEqual([]);
  });

  it('refuses bad paging arguments with a message, and a forged or foreign cursor', async () => {
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit must be a whole number from 1 to 500'],
      ['?limit=501', 'limit must be a whole number from 1 to 500'],
      ['?limit=ten', 'limit must be a whole number from 1 to 500'],
      ['?cursor=abc', 'cursor needs limit'],
      ['?limit=2&cursor=bm90IGpzb24', 'cursor is not one this API gave: start again without it'],
      // well-formed JSON of another shape: ["x"]
      ['?limit=2&cursor=WyJ4Il0', 'cursor is not one this API gave: start again without it'],
      ['?limit=2&cursor=%3Cscript%3E', 'cursor is not one this API gave: start again without it'],
    ];
    for (const [query, message] of cases) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.text, query).toContain(message);
    }
  });

  it('keeps at most 20,000 holdings per account: the next write is refused, in words, before anything is written', async () => {
    const [user] = await queryRows<{ id: number }>(
      api.handle.db,
      sql`SELECT id FROM users WHERE username = ${DEMO.investor.username}`,
    );
    const have = added.length;
    // rows straight into the table: 20,000 hand entries would take minutes
    await api.handle.db.execute(sql`
      INSERT INTO holdings (user_id, brokerage_firm_id, segment_id, symbol, exchange, quantity, lot_quantity, price, status, creation_date)
      SELECT ${user!.id}, ${ref.firm.id}, ${ref.segment.id}, 'TCS', 'NSE', 1, 1, 100, 'UNREALIZED', DATE '2020-03-02'
      FROM generate_series(1, ${20_000 - have})`);
    const refused = await api.request<{ message: string }>('POST', '/user/holding', {
      token: investor,
      json: holdingPayload(ref.firm, ref.segment, {
        symbol: 'TCS',
        price: '100',
        quantity: 1,
        creationDate: '2020-03-02',
      }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'You keep 20,000 holdings (open and sold), the most an account keeps: delete sold holdings you no longer need first',
    );
    // a partial sale would add the open rest as a row: refused the same way, the holding unchanged
    const sale = await api.request<{ message: string }>('PUT', `/user/holding/${added[1]!.id}`, {
      token: investor,
      json: holdingPayload(ref.firm, ref.segment, {
        symbol: 'INFY',
        price: '100',
        quantity: 1,
        creationDate: '2020-03-02',
        sellPrice: '700',
        sellingDate: '2020-03-06',
      }),
    });
    // quantity 1 of 1 sells it whole (no new row): allowed even at the cap
    expect(sale.status, sale.text).toBe(200);

    const form = new FormData();
    form.set('brokerageFirm', ref.firm.name);
    form.set('segment', ref.segment.name);
    form.set('file', new Blob(['date,symbol,side,quantity,price,exchange\n2020-03-02,TCS,BUY,1,100,NSE\n']), 't.csv');
    const imported = await api.request<{ message: string }>('POST', '/user/holding/import?dryRun=true', {
      token: investor,
      body: form,
    });
    expect(imported.status).toBe(400);
    expect(imported.body.message).toMatch(
      /^This import would give you 20,001 holdings .* an account keeps at most 20,000/,
    );
    // the whole list stays one answer, the pages too
    const page = await list('?limit=500');
    expect(page.headers.get('x-total-count')).toBe('20000');
    expect(page.body).toHaveLength(500);
  });

  it('lets an account start a few imports a minute: past the burst, 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // the bucket holds 10 (a burst), then refills at the configured 1 a minute; one import was made above
    for (let attempt = 0; attempt < 11; attempt++) {
      const form = new FormData();
      form.set('brokerageFirm', ref.firm.name);
      form.set('segment', ref.segment.name);
      form.set('file', new Blob(['date,symbol,side,quantity,price,exchange\n']), 't.csv');
      const answer = await api.request<{ message: string }>('POST', '/user/holding/import?dryRun=true', {
        token: investor,
        body: form,
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        retryAfter = answer.headers.get('retry-after');
        expect(answer.body.message).toMatch(/^You may start 1 imports a minute: try again in \d+ seconds$/);
      }
    }
    expect(statuses.slice(0, 9).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(9)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
