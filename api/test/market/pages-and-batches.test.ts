/**
 * The reads made for programs (docs/integrators.md#paging, #batching, #the-datas-definitions) on
 * the real bhavcopies of August to October 2019 (58 files, loaded once per run) and NSE's
 * corporate-actions file, which holds HDFCBANK's ₹2 → ₹1 split with ex-date Thursday 19-Sep-2019:
 * - every page of a day's prices and of a symbol's candles, put together, is exactly the unpaged
 *   answer; the totals are the rows of the files;
 * - weekly and monthly candles of every symbol against a computation made here from the files'
 *   daily rows (tests/support/adjustment-definition.ts: its own reading of the corporate actions,
 *   exact fractions): weeks with a holiday (Monday 2-Sep, Tuesday 10-Sep) and HDFCBANK's split
 *   week, adjusted by default (÷ 2 before the ex-date, volumes × 2) and raw on request;
 * - batched quotes and candles of many symbols; corporate actions and the watch list a page at a time;
 * - bad input (page sizes, forged cursors, a cursor of another list, unknown symbols, too many
 *   symbols) is a 400 with a message, and cursors from before an upload continue or are refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandleDto, CorporateActionDto, LatestPriceDto, StockPriceRowDto } from '@bazaar/shared/contract';
import type { HttpResult, TestApi } from '../setup/test-api.js';
import { DEMO } from '../setup/test-api.js';
import { uploadFile } from '../../src/ingest/index.js';
import {
  LEGACY_BHAVCOPY_DIR,
  legacyBhavcopyFiles,
  readLegacyBhavcopies,
  type BhavcopyRow,
} from './support/bhavcopy.js';
import { startLegacyPricesApi } from './support/legacy-database.js';
import { groupBySymbol } from './support/trend-definition.js';
import {
  adjust,
  adjustingEvents,
  loadRealCorporateActions,
  divisorBetween,
  units,
  type AdjustingEvent,
  type Fraction,
} from './support/adjustment-definition.js';

const FILES = legacyBhavcopyFiles().filter((file) => /(AUG|SEP|OCT)2019\.csv$/.test(file));
const D = '2019-10-31';
const HDFC_EX_DATE = '2019-09-19';

type Interval = 'DAY' | 'WEEK' | 'MONTH';

interface ExpectedCandle {
  date: string;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

/** The Monday of a date's calendar week (weeks run Monday to Sunday), by calendar arithmetic in UTC. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

function periodOf(date: string, interval: Interval): string {
  if (interval === 'DAY') return date;
  return interval === 'WEEK' ? mondayOf(date) : date.slice(0, 7);
}

/** A volume adjusted the other way from prices: × the divisor, rounded half up to whole shares. */
function adjustVolume(volume: string, divisor: Fraction): bigint {
  return (BigInt(volume) * divisor.num * 2n + divisor.den) / (2n * divisor.den);
}

/**
 * A symbol's candles by their definition: its daily equity rows adjusted as of D (each day ÷ the
 * factors of its events with an ex-date after it), grouped by calendar week or month; a period
 * opens at its first day's open, closes at its last day's close, holds the highest high and lowest
 * low, sums the volumes and is dated by its first trading day.
 */
function expectedCandles(
  rows: readonly BhavcopyRow[],
  events: readonly AdjustingEvent[] | undefined,
  interval: Interval,
  adjusted = true,
): ExpectedCandle[] {
  const candles: Array<ExpectedCandle & { period: string }> = [];
  for (const row of rows) {
    const divisor = adjusted ? divisorBetween(events, row.date, D) : { num: 1n, den: 1n };
    const day = {
      period: periodOf(row.date, interval),
      date: row.date,
      open: adjust(row.open, divisor),
      high: adjust(row.high, divisor),
      low: adjust(row.low, divisor),
      close: adjust(row.close, divisor),
      volume: adjustVolume(row.volume, divisor),
    };
    const last = candles.at(-1);
    if (last?.period !== day.period) {
      candles.push(day);
      continue;
    }
    last.high = day.high > last.high ? day.high : last.high;
    last.low = day.low < last.low ? day.low : last.low;
    last.close = day.close;
    last.volume += day.volume;
  }
  return candles.map(({ period: _period, ...candle }) => candle);
}

/** An answer's candles in the expectation's terms (prices in units of 10⁻¹⁰ rupees). */
function asExpected(candles: readonly CandleDto[]): ExpectedCandle[] {
  return candles.map((candle) => ({
    date: candle.date,
    open: units(candle.openPrice),
    high: units(candle.highPrice),
    low: units(candle.lowPrice),
    close: units(candle.closePrice),
    volume: BigInt(candle.volume ?? -1),
  }));
}

/** Every page of a paged read, following X-Next-Cursor: the rows in order and each page's answer. */
async function allPages<T>(
  api: TestApi,
  url: string,
  limit: number,
  startAfter: string | null = null,
): Promise<{ rows: T[]; pages: Array<HttpResult<T[]>> }> {
  const rows: T[] = [];
  const pages: Array<HttpResult<T[]>> = [];
  let cursor: string | null = startAfter;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page: HttpResult<T[]> = await api.request<T[]>(
      'GET',
      `${url}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status, page.text).toBe(200);
    pages.push(page);
    rows.push(...page.body);
    cursor = page.headers.get('x-next-cursor');
    expect(pages.length).toBeLessThan(1_000);
  } while (cursor);
  return { rows, pages };
}

function expectBadRequest(answer: HttpResult<unknown>, message: string | RegExp): void {
  expect(answer.status, answer.text).toBe(400);
  const body = answer.body as { message: string };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('pages, intervals and batches on the real bhavcopies of August to October 2019', () => {
  let api: TestApi;
  let rows: BhavcopyRow[];
  let bySymbol: Map<string, BhavcopyRow[]>;
  let events: Map<string, AdjustingEvent[]>;
  /** A page of HDFCBANK's adjusted candles asked for before the corporate actions were loaded. */
  let cursorBeforeActions: string;

  beforeAll(async () => {
    rows = readLegacyBhavcopies(FILES);
    bySymbol = groupBySymbol(rows);
    events = adjustingEvents(D);
    api = await startLegacyPricesApi(FILES);
    const before = await api.request<CandleDto[]>('GET', '/public/stock-prices?symbol=HDFCBANK&limit=20');
    cursorBeforeActions = before.headers.get('x-next-cursor') ?? '';
    await loadRealCorporateActions(api.app, 'pages-tests');
  }, 1_200_000);
  afterAll(async () => api?.close());

  it('has one equity row per symbol and day in the files (so a day is one candle)', () => {
    for (const [symbol, list] of bySymbol) expect(new Set(list.map((row) => row.date)).size, symbol).toBe(list.length);
  });

  describe('a day’s prices', () => {
    for (const [day, limit] of [
      [D, 500],
      [HDFC_EX_DATE, 137],
    ] as const) {
      it(`pages of ${limit} on ${day} put together are the unpaged list, and the total is the file’s equity rows`, async () => {
        const whole = await api.request<StockPriceRowDto[]>('GET', `/public/stock-prices?date=${day}`);
        const { rows: paged, pages } = await allPages<StockPriceRowDto>(api, `/public/stock-prices?date=${day}`, limit);
        const inFile = rows.filter((row) => row.date === day && ['EQ', 'BE', 'BZ', 'SM', 'ST'].includes(row.series));
        expect(paged).toEqual(whole.body);
        expect(paged.length).toBe(inFile.length);
        expect(pages.length).toBe(Math.ceil(inFile.length / limit));
        for (const page of pages) expect(page.headers.get('x-total-count')).toBe(String(inFile.length));
        // every page but the last says where the next starts, the same cursor as its end, with a Link to it
        for (const page of pages.slice(0, -1)) {
          const next = page.headers.get('x-next-cursor');
          expect(page.headers.get('x-end-cursor')).toBe(next);
          expect(page.headers.get('link')).toBe(
            `</api/public/stock-prices?date=${day}&limit=${limit}&cursor=${next}>; rel="next"`,
          );
        }
        expect(pages.at(-1)!.headers.get('x-next-cursor')).toBeNull();
        expect(pages.at(-1)!.headers.get('x-end-cursor')).not.toBeNull();
      });
    }

    it('without a date, pages of D', async () => {
      const whole = await api.request<StockPriceRowDto[]>('GET', '/public/stock-prices');
      const { rows: paged } = await allPages<StockPriceRowDto>(api, '/public/stock-prices', 400);
      expect(paged).toEqual(whole.body);
      expect(new Set(paged.map((row) => row.date))).toEqual(new Set([D]));
    });
  });

  describe('candles', () => {
    it('HDFCBANK’s daily, weekly and monthly candles page by page are the unpaged candles', async () => {
      for (const [interval, limit] of [
        ['DAY', 7],
        ['WEEK', 3],
        ['MONTH', 1],
      ] as const) {
        const url = `/public/stock-prices?symbol=HDFCBANK&interval=${interval}`;
        const whole = await api.request<CandleDto[]>('GET', url);
        const { rows: paged, pages } = await allPages<CandleDto>(api, url, limit);
        expect(paged, interval).toEqual(whole.body);
        expect(pages[0]!.headers.get('x-total-count')).toBe(String(whole.body.length));
      }
      // the old read without interval is the daily one
      const daily = await api.request<CandleDto[]>('GET', '/public/stock-prices?symbol=HDFCBANK');
      const byInterval = await api.request<CandleDto[]>('GET', '/public/stock-prices?symbol=HDFCBANK&interval=DAY');
      expect(daily.body).toEqual(byInterval.body);
    });

    it('pages within from..to are the unpaged candles of the range', async () => {
      const url = '/public/stock-prices?symbol=TCS&from=2019-09-04&to=2019-10-16&interval=WEEK';
      const whole = await api.request<CandleDto[]>('GET', url);
      const { rows: paged } = await allPages<CandleDto>(api, url, 2);
      expect(paged).toEqual(whole.body);
      // the first week is cut by from: the candle of its days from Wednesday 4-Sep
      expect(whole.body[0]!.date).toBe('2019-09-04');
      expect(whole.body.at(-1)!.date).toBe('2019-10-14');
    });

    it('HDFCBANK’s split week: adjusted by default (÷ 2 before the ex-date, volumes × 2), raw on request', async () => {
      const weeks = await api.request<CandleDto[]>(
        'GET',
        '/public/stock-prices?symbol=HDFCBANK&interval=WEEK&from=2019-09-16&to=2019-09-20',
      );
      const raw = await api.request<CandleDto[]>(
        'GET',
        '/public/stock-prices?symbol=HDFCBANK&interval=WEEK&from=2019-09-16&to=2019-09-20&adjusted=false',
      );
      const week = (bySymbol.get('HDFCBANK') ?? []).filter(
        (row) => row.date >= '2019-09-16' && row.date <= '2019-09-20',
      );
      expect(week.map((row) => row.date)).toEqual([
        '2019-09-16',
        '2019-09-17',
        '2019-09-18',
        '2019-09-19',
        '2019-09-20',
      ]);
      const split = { num: 2n, den: 1n };
      const none = { num: 1n, den: 1n };
      const factor = (date: string) => (date < HDFC_EX_DATE ? split : none);
      const byHand: ExpectedCandle = {
        date: '2019-09-16',
        open: adjust(week[0]!.open, split),
        high: week.map((row) => adjust(row.high, factor(row.date))).reduce((a, b) => (b > a ? b : a)),
        low: week.map((row) => adjust(row.low, factor(row.date))).reduce((a, b) => (b < a ? b : a)),
        close: adjust(week[4]!.close, none),
        volume: week.map((row) => adjustVolume(row.volume, factor(row.date))).reduce((a, b) => a + b),
      };
      expect(asExpected(weeks.body)).toEqual([byHand]);
      // raw: the pre-split prices are the week's high, the volumes as traded
      const rawByHand = expectedCandles(week, undefined, 'WEEK', false);
      expect(asExpected(raw.body)).toEqual(rawByHand);
      expect(units(raw.body[0]!.highPrice)).toBeGreaterThan(units(weeks.body[0]!.highPrice));
    });

    it('a week with a holiday is the candle of its trading days, dated by its first (Tuesday 3-Sep, Monday 9-Sep)', async () => {
      const weeks = await api.request<CandleDto[]>(
        'GET',
        '/public/stock-prices?symbol=INFY&interval=WEEK&from=2019-09-01&to=2019-09-15',
      );
      const days = (bySymbol.get('INFY') ?? []).filter((row) => row.date >= '2019-09-01' && row.date <= '2019-09-15');
      // 2-Sep (Ganesh Chaturthi) and 10-Sep (Muharram) were holidays: 4 trading days each week
      expect(days.map((row) => row.date)).toEqual([
        '2019-09-03',
        '2019-09-04',
        '2019-09-05',
        '2019-09-06',
        '2019-09-09',
        '2019-09-11',
        '2019-09-12',
        '2019-09-13',
      ]);
      expect(asExpected(weeks.body)).toEqual(expectedCandles(days, events.get('INFY'), 'WEEK'));
      expect(weeks.body.map((candle) => candle.date)).toEqual(['2019-09-03', '2019-09-09']);
    });

    for (const interval of ['WEEK', 'MONTH'] as const) {
      it(`every symbol’s ${interval === 'WEEK' ? 'weekly' : 'monthly'} candles, adjusted, as computed here from the daily rows`, async () => {
        const symbols = [...bySymbol.keys()].sort();
        let compared = 0;
        for (let start = 0; start < symbols.length; start += 50) {
          const batch = symbols.slice(start, start + 50);
          const answer = await api.request<Array<{ symbol: string; candles: CandleDto[] }>>(
            'GET',
            `/public/stock-prices/candles?interval=${interval}&symbols=${batch.map(encodeURIComponent).join(',')}`,
          );
          expect(answer.status, answer.text).toBe(200);
          expect(answer.body.map((entry) => entry.symbol)).toEqual(batch);
          for (const entry of answer.body) {
            const expected = expectedCandles(bySymbol.get(entry.symbol)!, events.get(entry.symbol), interval);
            expect(asExpected(entry.candles), entry.symbol).toEqual(expected);
            compared += expected.length;
          }
        }
        expect(compared).toBeGreaterThan(interval === 'WEEK' ? 20_000 : 5_000);
      }, 600_000);
    }

    it('the batched candles are each symbol’s own read', async () => {
      const symbols = ['HDFCBANK', 'INFY', 'TCS', 'RELIANCE', 'SBIN', 'ITC', 'WIPRO', 'LT', 'AXISBANK', 'MARUTI'];
      const query = 'interval=WEEK&from=2019-08-12&to=2019-10-25&adjusted=false';
      const batch = await api.request<Array<{ symbol: string; candles: CandleDto[] }>>(
        'GET',
        `/public/stock-prices/candles?symbols=${symbols.join(',').toLowerCase()}&${query}`,
      );
      expect(batch.body.map((entry) => entry.symbol)).toEqual(symbols);
      for (const entry of batch.body) {
        const own = await api.request<CandleDto[]>('GET', `/public/stock-prices?symbol=${entry.symbol}&${query}`);
        expect(entry.candles, entry.symbol).toEqual(own.body);
      }
    });
  });

  describe('batched quotes', () => {
    it('answer each symbol’s latest close in the order asked, a repeated symbol once', async () => {
      const answer = await api.request<LatestPriceDto[]>(
        'GET',
        '/public/stock-prices/quotes?symbols=TCS,hdfcbank,INFY,TCS',
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.map((quote) => quote.symbol)).toEqual(['TCS', 'HDFCBANK', 'INFY']);
      for (const quote of answer.body) {
        const last = bySymbol.get(quote.symbol)!.at(-1)!;
        expect([quote.tradeDate, units(quote.closePrice)]).toEqual([last.date, units(last.close)]);
      }
    });
  });

  describe('corporate actions and the watch list, a page at a time', () => {
    it('pages of the actions, whole and of a year, are the unpaged lists', async () => {
      const whole = await api.request<CorporateActionDto[]>('GET', '/public/corporate-actions');
      const { rows: paged } = await allPages<CorporateActionDto>(api, '/public/corporate-actions', 500);
      expect(paged).toEqual(whole.body);
      const year = await api.request<CorporateActionDto[]>('GET', '/public/corporate-actions?year=2019');
      expect(year.body).toEqual(whole.body.filter((action) => action.exDate?.startsWith('2019-')));
      expect(year.body.length).toBeGreaterThan(100);
      const { rows: yearPaged } = await allPages<CorporateActionDto>(api, '/public/corporate-actions?year=2019', 97);
      expect(yearPaged).toEqual(year.body);
    });

    it('pages of my watch list are my list', async () => {
      const token = await api.login(DEMO.investor.username, DEMO.investor.password);
      for (const symbol of ['WIPRO', 'TCS', 'INFY', 'HDFCBANK', 'ITC'])
        expect((await api.request('POST', '/user/watchlist', { token, json: { symbol } })).status).toBeLessThan(300);
      const whole = await api.request<Array<{ symbol: string }>>('GET', '/user/watchlist', { token });
      const first = await api.request<Array<{ symbol: string }>>('GET', '/user/watchlist?limit=2', { token });
      const next = first.headers.get('x-next-cursor');
      const second = await api.request<Array<{ symbol: string }>>('GET', `/user/watchlist?limit=2&cursor=${next}`, {
        token,
      });
      const third = await api.request<Array<{ symbol: string }>>(
        'GET',
        `/user/watchlist?limit=2&cursor=${second.headers.get('x-next-cursor')}`,
        { token },
      );
      expect([...first.body, ...second.body, ...third.body]).toEqual(whole.body);
      expect(whole.body.map((row) => row.symbol)).toEqual(['HDFCBANK', 'INFY', 'ITC', 'TCS', 'WIPRO']);
      expect(first.headers.get('x-total-count')).toBe('5');
      expect(third.headers.get('x-next-cursor')).toBeNull();
    });
  });

  describe('bad input: a 400 with a message', () => {
    it('page sizes out of range, and a cursor without a page size', async () => {
      for (const limit of ['0', '501', '2.5', 'ten'])
        expectBadRequest(
          await api.request('GET', `/public/stock-prices?limit=${limit}`),
          /limit must be a whole number from 1 to 500/,
        );
      const page = await api.request('GET', '/public/stock-prices?limit=1');
      expectBadRequest(
        await api.request('GET', `/public/stock-prices?cursor=${page.headers.get('x-next-cursor')}`),
        'cursor needs limit',
      );
    });

    it('forged cursors, and cursors of another list', async () => {
      const forged = ['abc', Buffer.from('["2019-10-31"]').toString('base64url'), 'a'.repeat(301), 'x%2By'];
      for (const cursor of forged) {
        const answer = await api.request('GET', `/public/stock-prices?limit=5&cursor=${cursor}`);
        expectBadRequest(answer, /cursor is not one this API gave: start again without it/);
      }
      const day = await api.request('GET', `/public/stock-prices?date=${HDFC_EX_DATE}&limit=5`);
      expectBadRequest(
        await api.request('GET', `/public/stock-prices?date=${D}&limit=5&cursor=${day.headers.get('x-next-cursor')}`),
        `cursor belongs to the prices of ${HDFC_EX_DATE}: start again without it, or ask for that list`,
      );
      const tcs = await api.request('GET', '/public/stock-prices?symbol=TCS&limit=5');
      expectBadRequest(
        await api.request('GET', `/public/stock-prices?symbol=INFY&limit=5&cursor=${tcs.headers.get('x-next-cursor')}`),
        'cursor belongs to the candles of TCS: start again without it, or ask for that list',
      );
      const raw = await api.request('GET', '/public/stock-prices?symbol=TCS&limit=5&adjusted=false');
      expectBadRequest(
        await api.request('GET', `/public/stock-prices?symbol=TCS&limit=5&cursor=${raw.headers.get('x-next-cursor')}`),
        'cursor belongs to the raw prices (adjusted=false): start again without it, or ask for that list',
      );
      const corporateCursor = Buffer.from('["31-10-2019","TCS",1]').toString('base64url');
      expectBadRequest(
        await api.request('GET', `/public/corporate-actions?limit=5&cursor=${corporateCursor}`),
        /cursor is not one this API gave/,
      );
    });

    it('a cursor of adjusted candles made before a corporate action took effect is refused', async () => {
      expect(cursorBeforeActions).not.toBe('');
      expectBadRequest(
        await api.request('GET', `/public/stock-prices?symbol=HDFCBANK&limit=20&cursor=${cursorBeforeActions}`),
        'The adjusted prices of HDFCBANK changed after this cursor was made (a split, bonus or consolidation took effect): start again without a cursor',
      );
      // raw prices do not change with corporate actions: a raw cursor continues
      const raw = await api.request('GET', '/public/stock-prices?symbol=HDFCBANK&limit=20&adjusted=false');
      const next = await api.request<CandleDto[]>(
        'GET',
        `/public/stock-prices?symbol=HDFCBANK&limit=20&adjusted=false&cursor=${raw.headers.get('x-next-cursor')}`,
      );
      expect(next.status).toBe(200);
    });

    it('unknown symbols, too many symbols, a wrong interval', async () => {
      const many = [...bySymbol.keys()].slice(0, 51).join(',');
      // each read and the message of its 400
      const refused: Array<[url: string, message: string | RegExp]> = [
        ['/public/stock-prices?symbol=NOSUCHCO&limit=10', 'Unknown symbol NOSUCHCO: no prices are loaded for it'],
        ['/public/stock-prices?symbol=NOSUCHCO&interval=WEEK', 'Unknown symbol NOSUCHCO: no prices are loaded for it'],
        ['/public/stock-prices/candles?symbols=TCS,NOSUCHCO', 'Unknown symbol NOSUCHCO: no prices are loaded for it'],
        [
          `/public/stock-prices/candles?symbols=${encodeURIComponent(many)}`,
          'symbols names 51 symbols; at most 50 per request',
        ],
        ['/public/stock-prices/quotes?symbols=TCS,IN%20FY', /^symbols must be NSE symbols .*'IN FY' is not one$/],
        ['/public/stock-prices/quotes?symbols=', 'symbols must name 1 to 50 symbols'],
        ['/public/stock-prices?symbol=TCS&interval=YEAR', 'interval must be one of DAY, WEEK, MONTH'],
        ['/public/stock-prices?interval=WEEK', 'interval needs a symbol'],
        ['/public/corporate-actions?year=1900', 'The year must be a calendar year from 1990 to 2100'],
        [
          '/public/corporate-actions?symbol=TCS&limit=5',
          'year, limit and cursor apply to the list of every action, not to one symbol’s events',
        ],
      ];
      for (const [url, message] of refused) expectBadRequest(await api.request('GET', url), message);
      // the old client's read keeps its answer: an empty list
      expect((await api.request('GET', '/public/stock-prices?symbol=NOSUCHCO')).body).toEqual([]);
      const unknown = await api.request<{ message: string; details: unknown }>(
        'GET',
        '/public/stock-prices/quotes?symbols=TCS,NOSUCHCO,ALSONOT',
      );
      expectBadRequest(unknown, 'Unknown symbols NOSUCHCO, ALSONOT: no prices are loaded for them');
      expect(unknown.body.details).toEqual({ unknownSymbols: ['NOSUCHCO', 'ALSONOT'] });
    });
  });

  // last: it moves D
  it('a page of D’s prices continues on its day after an upload moved D', async () => {
    const first = await api.request<StockPriceRowDto[]>('GET', '/public/stock-prices?limit=500');
    const cursor = first.headers.get('x-next-cursor');
    const next = path.join(LEGACY_BHAVCOPY_DIR, '01NOV2019.csv');
    await uploadFile(api.app, 'UPLOAD_STOCK_PRICE', '01NOV2019.csv', fs.readFileSync(next), {
      id: null,
      username: 'pages-tests',
    });
    expect((await api.request<StockPriceRowDto[]>('GET', '/public/stock-prices?limit=1')).body[0]!.date).toBe(
      '2019-11-01',
    );
    const rest = await allPages<StockPriceRowDto>(api, '/public/stock-prices', 500, cursor);
    const whole = await api.request<StockPriceRowDto[]>('GET', `/public/stock-prices?date=${D}`);
    expect([...first.body, ...rest.rows].map((row) => [row.date, row.symbol])).toEqual(
      whole.body.map((row) => [row.date, row.symbol]),
    );
  });
});
