/**
 * The market routes (stock prices, trend lists, technical analysis) on small files built for each
 * rule, uploaded over HTTP through the staff upload endpoints (so the lists are recomputed by the
 * upload's change signal): the trend definitions worked by hand (windows, month-end clamp, ties,
 * series, the row on D), a new day moving everything, the SMA, validation messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { periodWindowStart, TREND_PERIODS } from '@bazaar/shared';
import { queryRows } from '../../src/db/client.js';
import { windowStartSql } from '../../src/db/queries/market/trend-lists.js';
import { useTestApi } from '../setup/test-api.js';
import { upload } from '../uploads/helpers.js';
import { bhavcopyTimestamp } from './support/bhavcopy.js';

/** [symbol, series, high, low, close] */
type Line = [string, string, number, number, number];

/** A legacy-layout bhavcopy for one day (open = close, last = close, prevclose = close). */
function bhavcopy(date: string, lines: Line[]): string {
  const stamp = bhavcopyTimestamp(date);
  const header = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';
  const rows = [...lines]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(
      ([symbol, series, high, low, close]) =>
        `${symbol},${series},${close},${high},${low},${close},${close},${close},100,${close * 100},${stamp},10,,`,
    );
  return [header, ...rows].join('\n') + '\n';
}

/**
 * The days (D = Tuesday 31 March 2020). Windows: WEEKLY after 24 March, MONTHLY after 29 February
 * (31 March − 1 month, clamped), YEARLY after 31 March 2019.
 */
const PRICES: Array<[date: string, ...line: Line]> = [
  ['2019-01-15', 'OLD', 'EQ', 500, 400, 450],
  ['2020-02-28', 'ALPHA', 'EQ', 110, 90, 100],
  // 2 March is inside the MONTHLY window only because 31 March − 1 month clamps to 29 February
  ['2020-03-02', 'BETA', 'EQ', 130, 100, 120],
  ['2020-03-25', 'ALPHA', 'EQ', 105, 95, 100],
  ['2020-03-25', 'BETA', 'EQ', 110, 102, 105],
  ['2020-03-25', 'EPSILON', 'EQ', 100, 90, 95],
  ['2020-03-30', 'ALPHA', 'EQ', 108, 98, 104],
  ['2020-03-30', 'GAMMA', 'EQ', 50, 40, 50],
  ['2020-03-30', 'DELTA', 'EQ', 20, 18, 20],
  ['2020-03-30', 'EPSILON', 'EQ', 96, 88, 90],
  ['2020-03-30', 'ZETA', 'BE', 10, 9, 9.5],
  ['2020-03-30', 'GOVBOND', 'GB', 100, 99, 100],
  ['2020-03-31', 'ALPHA', 'EQ', 112, 100, 110],
  ['2020-03-31', 'BETA', 'EQ', 125, 104, 106],
  ['2020-03-31', 'GAMMA', 'EQ', 60, 45, 55],
  ['2020-03-31', 'DELTA', 'EQ', 22, 19, 22],
  ['2020-03-31', 'EPSILON', 'EQ', 89, 80, 81],
  ['2020-03-31', 'ZETA', 'BE', 9.5, 8, 8.5],
  ['2020-03-31', 'GOVBOND', 'GB', 200, 99, 150],
  ['2020-03-31', 'ONLYD', 'EQ', 10, 9, 9.5],
  ['2020-03-31', 'OLD', 'EQ', 420, 410, 415],
];
/** The prices as one file a day, oldest day first. */
const DAYS = new Map<string, Line[]>();
for (const [date, ...line] of PRICES) DAYS.set(date, [...(DAYS.get(date) ?? []), line]);

/** The symbols with an equity row (EQ or BE) on D, in byte order: GOVBOND's GB series is not equity. */
const EQUITY_ON_D = ['ALPHA', 'BETA', 'DELTA', 'EPSILON', 'GAMMA', 'OLD', 'ONLYD', 'ZETA'];

interface TrendValue {
  position: number;
  change: string;
  changePercent: string | null;
  Present: { symbol: string; date: string; closePrice: string };
  Previous: { date: string; closePrice: string };
}

/** symbol, change, change % of a list in its order. */
function summary(body: Record<string, TrendValue>): Array<[string, string, string | null]> {
  return Object.values(body)
    .sort((a, b) => a.position - b.position)
    .map((value) => [value.Present.symbol, value.change, value.changePercent]);
}

describe('market routes', () => {
  const demo = useTestApi();
  /** A trend list (weeks-high or weeks-low) of a period, as the API answers it. */
  const trendList = async (list: 'weeks-high' | 'weeks-low', period: string) =>
    (await demo.api.request<Record<string, TrendValue>>('GET', `/public/stock-prices/${list}?type=${period}`)).body;

  describe('with no prices', () => {
    it('answers empty lists, never an error', async () => {
      expect((await demo.api.request('GET', '/public/stock-prices')).body).toEqual([]);
      expect((await demo.api.request('GET', '/public/stock-prices/weeks-high?type=WEEKLY')).body).toEqual({});
      expect((await demo.api.request('GET', '/public/stock-prices/highestStockPriceByStock')).body).toEqual({});
      expect(
        (await demo.api.request('GET', '/public/stock-prices/stock-prices-for-period?type=YEARLY&symbol=ALPHA')).body,
      ).toEqual({ dates: [], prices: [], coverage: null });
      expect((await demo.api.request('GET', '/public/stock-prices?symbol=ALPHA')).body).toEqual([]);
      const state = await demo.api.request<{ asOf: string | null }>('GET', '/public/technical-analysis/state');
      expect(state.body.asOf).toBeNull();
    });
  });

  it('reads the windows in SQL exactly as periodWindowStart: every day of 2019–2024, month ends and leap days', async () => {
    const periods = TREND_PERIODS.map((period) => sql`${windowStartSql(sql`d::date`, period)}::text`);
    const rows = await queryRows<{ d: string; starts: string[] }>(
      demo.api.handle.db,
      sql`SELECT d::date::text AS d, ARRAY[${sql.join(periods, sql`, `)}] AS starts
          FROM generate_series('2019-01-01'::date, '2024-12-31'::date, '1 day') AS d`,
    );
    expect(rows).toHaveLength(2192);
    const differing = rows.filter(
      (row) => row.starts.join() !== TREND_PERIODS.map((period) => periodWindowStart(row.d, period)).join(),
    );
    expect(differing).toEqual([]);
  });

  describe('trend lists worked by hand', () => {
    beforeAll(async () => {
      for (const [date, lines] of DAYS) {
        const answer = await upload(demo.api, demo.staff, 'UPLOAD_STOCK_PRICE', `${date}.csv`, bhavcopy(date, lines));
        expect(answer.status, answer.text).toBe(200);
      }
    });

    it('weekly highs: ties on change % by symbol; previous = the latest earlier row', async () => {
      // DELTA 22 vs 20: +2.00, 10.00 %; GAMMA 55 vs 50: +5.00, 10.00 % (tie: DELTA first)
      // ALPHA 110 vs 104: +6.00, 6 ÷ 104 = 5.769… %; BETA 106 vs 105: +1.00, 0.952… %
      // ONLYD has no earlier row; GOVBOND is not an equity series; OLD's earlier row is outside the window
      const list = await trendList('weeks-high', 'WEEKLY');
      expect(summary(list)).toEqual([
        ['DELTA', '2.00', '10.00'],
        ['GAMMA', '5.00', '10.00'],
        ['ALPHA', '6.00', '5.77'],
        ['BETA', '1.00', '0.95'],
      ]);
      expect(list.ALPHA?.Previous).toEqual({ date: '2020-03-30', closePrice: '104' });
      expect(list.BETA?.Previous).toEqual({ date: '2020-03-25', closePrice: '105' });
      expect(list.ALPHA?.Present).toMatchObject({
        symbol: 'ALPHA',
        date: '2020-03-31',
        closePrice: '110',
        highPrice: '112',
      });
    });

    it('monthly highs: 2 March counts (the month clamps to 29 February), so BETA’s 130 is not beaten', async () => {
      const list = await trendList('weeks-high', 'MONTHLY');
      expect(summary(list).map(([symbol]) => symbol)).toEqual(['DELTA', 'GAMMA', 'ALPHA']);
    });

    it('yearly highs: ALPHA beats its 110 of 28 February; OLD’s 2019 row is outside the year', async () => {
      const list = await trendList('weeks-high', 'YEARLY');
      expect(summary(list).map(([symbol]) => symbol)).toEqual(['DELTA', 'GAMMA', 'ALPHA']);
    });

    it('weekly lows: ordered by change % ascending, BE counts as equity', async () => {
      // ZETA 8.5 vs 9.5: −1.00, −10.526… %; EPSILON 81 vs 90: −9.00, −10.00 %
      const list = await trendList('weeks-low', 'WEEKLY');
      expect(summary(list)).toEqual([
        ['ZETA', '-1.00', '-10.53'],
        ['EPSILON', '-9.00', '-10.00'],
      ]);
    });

    it('12-month extremes with the date of each', async () => {
      const response = await demo.api.request<
        Record<string, { highPrice: string; highDate: string; lowPrice: string; lowDate: string }>
      >('GET', '/public/stock-prices/highestStockPriceByStock');
      expect(Object.keys(response.body)).toEqual(EQUITY_ON_D);
      expect(response.body.ALPHA).toMatchObject({
        highPrice: '112',
        highDate: '2020-03-31',
        lowPrice: '90',
        lowDate: '2020-02-28',
      });
      expect(response.body.BETA).toMatchObject({
        highPrice: '130',
        highDate: '2020-03-02',
        lowPrice: '100',
        lowDate: '2020-03-02',
      });
      // only the row of D is inside the year for OLD
      expect(response.body.OLD).toMatchObject({ highPrice: '420', highDate: '2020-03-31', lowPrice: '410' });
    });

    it('stock prices of D with change per day from the previous trading close', async () => {
      const response = await demo.api.request<
        Array<{ symbol: string; previousClose: string; changePerDay: string; changePercent: string }>
      >('GET', '/public/stock-prices');
      expect(response.body.map((row) => row.symbol)).toEqual(EQUITY_ON_D);
      // the symbol's latest earlier close (PREVCLOSE, equal to the close in these files, only for ONLYD,
      // which has no earlier row); change % = change ÷ previous × 100, 2 decimals
      const expected: Record<string, [previous: number, change: string, percent: string]> = {
        ALPHA: [104, '6.00', '5.77'], // 110 − 104 (30 March)
        BETA: [105, '1.00', '0.95'], // 106 − 105 (25 March: no row on the 30th)
        DELTA: [20, '2.00', '10.00'],
        EPSILON: [90, '-9.00', '-10.00'],
        GAMMA: [50, '5.00', '10.00'],
        OLD: [450, '-35.00', '-7.78'], // 415 − 450 (15 January 2019)
        ONLYD: [9.5, '0.00', '0.00'],
        ZETA: [9.5, '-1.00', '-10.53'], // BE series: 8.5 − 9.5
      };
      for (const row of response.body) {
        const [previous, change, percent] = expected[row.symbol]!;
        expect(Number(row.previousClose), row.symbol).toBe(previous);
        expect(row.changePerDay, row.symbol).toBe(change);
        expect(row.changePercent, row.symbol).toBe(percent);
      }
    });

    it('a new day uploaded over HTTP moves D and the lists before the upload answers', async () => {
      const answer = await upload(
        demo.api,
        demo.staff,
        'UPLOAD_STOCK_PRICE',
        '01APR2020.csv',
        bhavcopy('2020-04-01', [
          ['ALPHA', 'EQ', 111, 109, 110],
          ['GAMMA', 'EQ', 70, 60, 65],
        ]),
      );
      expect(answer.status).toBe(200);
      const state = await demo.api.request<{ asOf: string }>('GET', '/public/technical-analysis/state');
      expect(state.body.asOf).toBe('2020-04-01');
      // ALPHA's 111 is below 31 March's 112; GAMMA's 70 beats 60: +10.00 vs 55, 18.18 %
      const highs = await trendList('weeks-high', 'WEEKLY');
      expect(summary(highs)).toEqual([['GAMMA', '10.00', '18.18']]);
      const prices = await demo.api.request<Array<{ symbol: string }>>('GET', '/public/stock-prices');
      expect(prices.body.map((row) => row.symbol)).toEqual(['ALPHA', 'GAMMA']);
    });

    it('period series and candles of a symbol', async () => {
      const week = await demo.api.request<{ dates: string[]; prices: string[] }>(
        'GET',
        '/public/stock-prices/stock-prices-for-period?type=WEEKLY&symbol=alpha',
      );
      // D is now 1 April: the week holds the dates after 25 March
      // the history starts on 15-Jan-2019, before the window: covered; 30 and 31 March and 1 April are loaded in it
      expect(week.body).toEqual({
        dates: ['2020-03-30', '2020-03-31', '2020-04-01'],
        prices: ['104', '110', '110'],
        coverage: {
          period: 'WEEKLY',
          covered: true,
          windowStart: '2020-03-25',
          firstLoadedDate: '2019-01-15',
          tradingDaysLoaded: 3,
        },
      });
      const candles = await demo.api.request<Array<{ date: string }>>(
        'GET',
        '/public/stock-prices?symbol=BETA&from=2020-03-03',
      );
      expect(candles.body).toEqual([
        { date: '2020-03-25', openPrice: '105', highPrice: '110', lowPrice: '102', closePrice: '105', volume: 100 },
        { date: '2020-03-31', openPrice: '106', highPrice: '125', lowPrice: '104', closePrice: '106', volume: 100 },
      ]);
    });

    it('SMA with an empty body: (100 + 104 + 110) ÷ 3 and (104 + 110 + 110) ÷ 3', async () => {
      const response = await demo.api.request(
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=ALPHA&priceSize=4&windowSize=3',
        {
          headers: { 'content-type': 'application/json' },
          body: '',
        },
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { date: '2020-03-31', value: '104.6667' },
        { date: '2020-04-01', value: '108.0000' },
      ]);
    });

    describe('any day (docs/product/market.md#any-day)', () => {
      it('the trading days with uploaded prices, ascending', async () => {
        const days = await demo.api.request<string[]>('GET', '/public/stock-prices/dates');
        expect(days.body).toEqual([...DAYS.keys(), '2020-04-01']);
      });

      it('stock prices of a past day: its equity rows; a day without prices is a 404 with a message', async () => {
        const day = await demo.api.request<Array<{ symbol: string; date: string }>>(
          'GET',
          '/public/stock-prices?date=2020-03-30',
        );
        expect(day.body.map((row) => [row.symbol, row.date])).toEqual(
          ['ALPHA', 'DELTA', 'EPSILON', 'GAMMA', 'ZETA'].map((symbol) => [symbol, '2020-03-30']),
        );
        const latest = await demo.api.request('GET', '/public/stock-prices?date=2020-04-01');
        expect(latest.body).toEqual((await demo.api.request('GET', '/public/stock-prices')).body);
        const saturday = await demo.api.request<{ message: string }>('GET', '/public/stock-prices?date=2020-03-28');
        expect(saturday.status).toBe(404);
        expect(saturday.body.message).toBe(
          'There are no stock prices for 2020-03-28 (not a trading day, or not uploaded)',
        );
      });

      it('trend lists as of 30 March, worked by hand', async () => {
        const asOf = (list: 'weeks-high' | 'weeks-low', period: string) => trendList(list, `${period}&asOf=2020-03-30`);
        // WEEKLY after 23 March: ALPHA 108 ≥ 105 of 25 March, 104 vs 100: +4.00, 4.00 %; EPSILON 96 < 100
        const weekly = await asOf('weeks-high', 'WEEKLY');
        expect(summary(weekly)).toEqual([['ALPHA', '4.00', '4.00']]);
        expect(weekly.ALPHA?.Present.date).toBe('2020-03-30');
        expect(weekly.ALPHA?.Previous).toEqual({ date: '2020-03-25', closePrice: '100' });
        // EPSILON 88 ≤ 90: 90 vs 95, −5.00, −5.263… %
        expect(summary(await asOf('weeks-low', 'WEEKLY'))).toEqual([['EPSILON', '-5.00', '-5.26']]);
        // 30 March − 1 month clamps to 29 February: ALPHA's 110 of 28 February is outside, so 108 is a high
        expect(summary(await asOf('weeks-high', 'MONTHLY')).map(([symbol]) => symbol)).toEqual(['ALPHA']);
        // the year holds 28 February: 108 < 110
        expect(await asOf('weeks-high', 'YEARLY')).toEqual({});
        const extremes = await demo.api.request<Record<string, Record<string, string>>>(
          'GET',
          '/public/stock-prices/highestStockPriceByStock?asOf=2020-03-30',
        );
        // OLD has no row in the year ending 30 March (2019-01-15 is before it, 31 March after)
        expect(Object.keys(extremes.body)).toEqual(['ALPHA', 'BETA', 'DELTA', 'EPSILON', 'GAMMA', 'ZETA']);
        expect(extremes.body.ALPHA).toEqual({
          symbol: 'ALPHA',
          highPrice: '110',
          highDate: '2020-02-28',
          lowPrice: '90',
          lowDate: '2020-02-28',
        });
      });

      it('asOf the latest day answers the precomputed lists', async () => {
        for (const list of ['weeks-high', 'weeks-low'] as const)
          expect(await trendList(list, 'WEEKLY&asOf=2020-04-01')).toEqual(await trendList(list, 'WEEKLY'));
      });

      it('asOf a day without equity prices is a 404 with a message', async () => {
        for (const [url, day] of [
          ['/public/stock-prices/weeks-high?type=WEEKLY&asOf=2020-03-29', '2020-03-29'],
          ['/public/stock-prices/highestStockPriceByStock?asOf=2020-04-02', '2020-04-02'],
        ] as const) {
          const response = await demo.api.request<{ message: string }>('GET', url);
          expect(response.status, url).toBe(404);
          expect(response.body.message).toBe(
            `There are no stock prices for ${day} (not a trading day, or not uploaded)`,
          );
        }
      });

      it('a backfilled day changes the lists of the later past days at once', async () => {
        expect(Object.keys(await trendList('weeks-low', 'WEEKLY&asOf=2020-03-30'))).toEqual(['EPSILON']);
        const answer = await upload(
          demo.api,
          demo.staff,
          'UPLOAD_STOCK_PRICE',
          '27MAR2020.csv',
          bhavcopy('2020-03-27', [['EPSILON', 'EQ', 95, 85, 87]]),
        );
        expect(answer.status, answer.text).toBe(200);
        // EPSILON's 88 of 30 March is no longer at or below the week's lowest low (85 on 27 March)
        expect(await trendList('weeks-low', 'WEEKLY&asOf=2020-03-30')).toEqual({});
      });

      it('a symbol’s period series ends on its own latest trading day', async () => {
        // BETA last traded on 31 March (D is 1 April): its week is after 24 March, not after 25 March
        const week = await demo.api.request<{ dates: string[]; prices: string[] }>(
          'GET',
          '/public/stock-prices/stock-prices-for-period?type=WEEKLY&symbol=BETA',
        );
        // its window's coverage too: 25, 27 (backfilled above), 30 and 31 March are the market's trading days in it
        expect(week.body).toEqual({
          dates: ['2020-03-25', '2020-03-31'],
          prices: ['105', '106'],
          coverage: {
            period: 'WEEKLY',
            covered: true,
            windowStart: '2020-03-24',
            firstLoadedDate: '2019-01-15',
            tradingDaysLoaded: 4,
          },
        });
      });
    });
  });

  describe('validation', () => {
    const TYPE_MESSAGE = 'type must be one of WEEKLY, MONTHLY, QUARTERLY, HALFYEARLY, YEARLY';
    const SMA = '/public/technical-analysis/stocks/sma?symbol=';
    const gets: Array<[string, string]> = [
      ['/public/stock-prices/weeks-high', TYPE_MESSAGE],
      ['/public/stock-prices/weeks-low?type=DAILY', TYPE_MESSAGE],
      ['/public/stock-prices/stock-prices-for-period?type=WEEKLY', 'symbol is required'],
      [
        '/public/stock-prices?symbol=AL%20PHA',
        'symbol must be an NSE symbol (letters, digits, & - _ . up to 50 characters)',
      ],
      ['/public/stock-prices?symbol=ALPHA&from=2020-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['/public/stock-prices?symbol=ALPHA&from=2020-03-31&to=2020-03-01', 'from must not be after to'],
      ['/public/stock-prices?from=2020-03-01', 'from and to need a symbol'],
      ['/public/stock-prices?date=2020-02-30', 'date must be a date (YYYY-MM-DD)'],
      ['/public/stock-prices?symbol=ALPHA&date=2020-03-31', 'date cannot be combined with symbol (use from and to)'],
      ['/public/stock-prices/weeks-high?type=WEEKLY&asOf=31-03-2020', 'asOf must be a date (YYYY-MM-DD)'],
      ['/public/stock-prices/highestStockPriceByStock?asOf=yesterday', 'asOf must be a date (YYYY-MM-DD)'],
    ];
    // the sizes: one rule and one message set (shared/src/market/average-sizes.ts)
    const smaQueries: Array<[string, string]> = [
      ['ALPHA&priceSize=4.5&windowSize=2', 'Price size must be a whole number of at least 1'],
      ['ALPHA&priceSize=4&windowSize=0', 'Window size must be a whole number of at least 1'],
      ['ALPHA&priceSize=3&windowSize=4', 'Window size must not be larger than the price size'],
      ['ALPHA&priceSize=5001&windowSize=4', 'Price size must be at most 5000'],
      ['ALPHA&priceSize=50&windowSize=4', 'Price size 50 is more than the 5 prices available for ALPHA'],
      ['NOSUCH&priceSize=5&windowSize=4', 'There are no prices for NOSUCH'],
      ['ALPHA&windowSize=4', 'Price size must be a whole number of at least 1'],
    ];
    const cases = [
      ...gets.map(([url, message]) => ['GET', url, message] as const),
      ...smaQueries.map(([query, message]) => ['POST', SMA + query, message] as const),
    ];
    for (const [method, url, message] of cases) {
      it(`${method} ${url} → 400 "${message}"`, async () => {
        const response = await demo.api.request<{ status: number; message: string }>(method, url);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      });
    }
  });
});
