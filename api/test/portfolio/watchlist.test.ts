/**
 * The Stock Watch List through the real app: add, duplicate, unknown symbol, the 200-symbol limit,
 * remove, and one investor's list out of another's reach. Expected figures worked by hand from the
 * prices of day-market.ts.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WATCHLIST_SYMBOLS,
  WATCHLIST_FULL_MESSAGE,
  type ErrorBody,
  type WatchlistRowDto,
} from '@bazaar/shared/contract';
import { createInvestor, DEMO, SECOND_INVESTOR, useApi } from '../setup/test-api.js';
import { D, loadDayMarket } from './day-market.js';

const HIGHS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'] as const;

describe('stock watch list', () => {
  const api = useApi();
  let investor: string;
  let other: string;
  let otherId: number;
  const list = async (token: string) =>
    (await api.request<WatchlistRowDto[]>('GET', '/user/watchlist', { token })).body.map((row) => row.symbol);

  beforeAll(async () => {
    await loadDayMarket(api);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    otherId = await createInvestor(api, admin, SECOND_INVESTOR);
    other = await api.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
  });

  it('starts empty and needs a login', async () => {
    expect(await list(investor)).toEqual([]);
    expect((await api.request('GET', '/user/watchlist')).status).toBe(401);
    expect((await api.request('POST', '/user/watchlist', { json: { symbol: 'WATCHA' } })).status).toBe(401);
  });

  it('adds a symbol with its figures; adding it again changes nothing', async () => {
    const added = await api.request<WatchlistRowDto>('POST', '/user/watchlist', {
      token: investor,
      json: { symbol: 'watcha' },
    });
    expect(added.status, added.text).toBe(201);
    // close 110, previous 103: +7, 7 ÷ 103 = 6.796 %; 12-month high 111 and low 99:
    // (110 − 111) ÷ 111 = −0.90 %, (110 − 99) ÷ 99 = 11.11 %
    expect(added.body).toMatchObject({
      symbol: 'WATCHA',
      companyName: 'Watch A Industries Limited',
      closePrice: '110',
      priceDate: D,
      changePerDay: '7.00',
      changePercent: '6.80',
      yearHigh: '111',
      yearLow: '99',
      fromHighPercent: '-0.90',
      fromLowPercent: '11.11',
    });
    expect(added.body.trends.map((t) => `${t.direction} ${t.period}`)).toEqual(HIGHS.map((p) => `HIGH ${p}`));
    // six trading days loaded (2024-12-30, then 2025-01-06..10): the year is not covered, so no 52-week claim
    // (docs/product/market.md#short-history); the week after 2025-01-03 is
    expect(added.body.trends.at(-1)?.label).toBe('new high of the 6 trading days loaded');
    expect(added.body.trends[0]?.label).toBe('new 1-week high');
    expect(added.body.yearCoverage).toEqual({
      period: 'YEARLY',
      covered: false,
      windowStart: '2024-01-10',
      firstLoadedDate: '2024-12-30',
      tradingDaysLoaded: 6,
    });

    const again = await api.request<WatchlistRowDto>('POST', '/user/watchlist', {
      token: investor,
      json: { symbol: 'WATCHA' },
    });
    expect(again.status).toBe(200);
    expect(again.body.addedAt).toBe(added.body.addedAt);
    expect(await list(investor)).toEqual(['WATCHA']);
  });

  it('lists by symbol, with the low lists and no company name where none is known', async () => {
    await api.request('POST', '/user/watchlist', { token: investor, json: { symbol: 'WATCHB' } });
    await api.request('POST', '/user/watchlist', { token: investor, json: { symbol: 'QUIET' } });
    const rows = (await api.request<WatchlistRowDto[]>('GET', '/user/watchlist', { token: investor })).body;
    expect(rows.map((row) => row.symbol)).toEqual(['QUIET', 'WATCHA', 'WATCHB']);
    const b = rows.find((row) => row.symbol === 'WATCHB');
    // close 45, previous 47: −2, −4.26 %; high 51, low 44: −11.76 %, +2.27 %
    expect(b).toMatchObject({
      companyName: null,
      changePerDay: '-2.00',
      changePercent: '-4.26',
      yearHigh: '51',
      yearLow: '44',
      fromHighPercent: '-11.76',
      fromLowPercent: '2.27',
    });
    expect(b?.trends.map((t) => t.direction)).toEqual(['LOW', 'LOW', 'LOW', 'LOW', 'LOW']);
    expect(rows.find((row) => row.symbol === 'QUIET')?.trends).toEqual([]);
  });

  it('refuses a symbol without prices and a malformed one, writing nothing', async () => {
    const unknown = await api.request<ErrorBody>('POST', '/user/watchlist', {
      token: investor,
      json: { symbol: 'NOSUCH' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'Unknown symbol NOSUCH: no prices are loaded for it; choose a symbol from the list',
    );
    expect((await api.request('POST', '/user/watchlist', { token: investor, json: {} })).status).toBe(400);
    expect(await list(investor)).toEqual(['QUIET', 'WATCHA', 'WATCHB']);
  });

  it('keeps each investor to their own list', async () => {
    expect(await list(other)).toEqual([]);
    const removeOthers = await api.request<ErrorBody>('DELETE', '/user/watchlist/WATCHA', { token: other });
    expect(removeOthers.status).toBe(404);
    expect(removeOthers.body.message).toBe('WATCHA is not on your watch list');
    await api.request('POST', '/user/watchlist', { token: other, json: { symbol: 'WATCHC' } });
    expect(await list(other)).toEqual(['WATCHC']);
    expect(await list(investor)).toEqual(['QUIET', 'WATCHA', 'WATCHB']);
  });

  it(`holds at most ${MAX_WATCHLIST_SYMBOLS} symbols; at the limit a duplicate is still a no-op`, async () => {
    // the other investor has WATCHC; 199 more entries written directly make 200
    await api.handle.db.execute(sql`
      INSERT INTO watchlist_entries (user_id, symbol)
      SELECT ${otherId}, 'FILL' || lpad(n::text, 3, '0') FROM generate_series(1, ${MAX_WATCHLIST_SYMBOLS - 1}) AS n`);
    const full = await api.request<ErrorBody>('POST', '/user/watchlist', { token: other, json: { symbol: 'WATCHA' } });
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(WATCHLIST_FULL_MESSAGE);
    expect(full.body.message).toContain('at most 200 symbols');
    const duplicate = await api.request('POST', '/user/watchlist', { token: other, json: { symbol: 'WATCHC' } });
    expect(duplicate.status).toBe(200);
    expect((await list(other)).length).toBe(MAX_WATCHLIST_SYMBOLS);
  });

  it('removes a symbol; removing it again is a 404', async () => {
    const removed = await api.request<{ message: string }>('DELETE', '/user/watchlist/watcha', { token: investor });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('WATCHA removed from your watch list');
    expect(await list(investor)).toEqual(['QUIET', 'WATCHB']);
    expect((await api.request('DELETE', '/user/watchlist/WATCHA', { token: investor })).status).toBe(404);
  });
});
