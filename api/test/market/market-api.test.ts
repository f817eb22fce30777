/**
 * The market and analysis routes on small files built for each rule, uploaded over HTTP through
 * the staff upload endpoints (so the lists are recomputed by the upload's change signal): the
 * trend definitions worked by hand (windows, month-end clamp, ties, series, the row on D), a
 * new day moving everything, validation messages, corporate actions, statements, companies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { DATA_DIR, upload } from '../uploads/helpers.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** [symbol, series, high, low, close] */
type Line = [string, string, number, number, number];

/** A legacy-layout bhavcopy for one day (open = close, last = close, prevclose = close). */
function bhavcopy(date: string, lines: Line[]): string {
  const [year, month, day] = date.split('-');
  const stamp = `${day}-${MONTHS[Number(month) - 1]}-${year}`;
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
const DAYS: Array<[string, Line[]]> = [
  ['2019-01-15', [['OLD', 'EQ', 500, 400, 450]]],
  ['2020-02-28', [['ALPHA', 'EQ', 110, 90, 100]]],
  // 2 March is inside the MONTHLY window only because 31 March − 1 month clamps to 29 February
  ['2020-03-02', [['BETA', 'EQ', 130, 100, 120]]],
  [
    '2020-03-25',
    [
      ['ALPHA', 'EQ', 105, 95, 100],
      ['BETA', 'EQ', 110, 102, 105],
      ['EPSILON', 'EQ', 100, 90, 95],
    ],
  ],
  [
    '2020-03-30',
    [
      ['ALPHA', 'EQ', 108, 98, 104],
      ['GAMMA', 'EQ', 50, 40, 50],
      ['DELTA', 'EQ', 20, 18, 20],
      ['EPSILON', 'EQ', 96, 88, 90],
      ['ZETA', 'BE', 10, 9, 9.5],
      ['GOVBOND', 'GB', 100, 99, 100],
    ],
  ],
  [
    '2020-03-31',
    [
      ['ALPHA', 'EQ', 112, 100, 110],
      ['BETA', 'EQ', 125, 104, 106],
      ['GAMMA', 'EQ', 60, 45, 55],
      ['DELTA', 'EQ', 22, 19, 22],
      ['EPSILON', 'EQ', 89, 80, 81],
      ['ZETA', 'BE', 9.5, 8, 8.5],
      ['GOVBOND', 'GB', 200, 99, 150],
      ['ONLYD', 'EQ', 10, 9, 9.5],
      ['OLD', 'EQ', 420, 410, 415],
    ],
  ],
];

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

describe('market and analysis routes', () => {
  let api: TestApi;
  let staff: string;
  let investor: string;

  beforeAll(async () => {
    api = await startTestApi();
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
  });
  afterAll(async () => api.close());

  describe('with no prices', () => {
    it('answers empty lists, never an error', async () => {
      expect((await api.request('GET', '/public/stock-prices')).body).toEqual([]);
      expect((await api.request('GET', '/public/stock-prices/weeks-high?type=WEEKLY')).body).toEqual({});
      expect((await api.request('GET', '/public/stock-prices/highestStockPriceByStock')).body).toEqual({});
      expect(
        (await api.request('GET', '/public/stock-prices/stock-prices-for-period?type=YEARLY&symbol=ALPHA')).body,
      ).toEqual({ dates: [], prices: [] });
      expect((await api.request('GET', '/public/stock-prices?symbol=ALPHA')).body).toEqual([]);
      expect(
        (await api.request('GET', '/public/profit-and-loss?symbol=TCS&startDateOfFinancialYear=2020-03-31')).body,
      ).toEqual([]);
      expect(
        (await api.request('GET', '/public/balancesheet?symbol=TCS&startDateOfFinancialYear=2020-03-31')).body,
      ).toEqual([]);
      expect((await api.request('GET', '/public/corporate-actions?symbol=TCS&date=2020-03-31')).body).toEqual({
        pastEvents: [],
        upcomingEvents: [],
      });
      const state = await api.request<{ asOf: string | null }>('GET', '/public/technical-analysis/state');
      expect(state.body.asOf).toBeNull();
    });
  });

  describe('trend lists worked by hand', () => {
    beforeAll(async () => {
      for (const [date, lines] of DAYS) {
        const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', `${date}.csv`, bhavcopy(date, lines));
        expect(answer.status, answer.text).toBe(200);
      }
    });

    it('weekly highs: ties on change % by symbol; previous = the latest earlier row', async () => {
      // DELTA 22 vs 20: +2.00, 10.00 %; GAMMA 55 vs 50: +5.00, 10.00 % (tie: DELTA first)
      // ALPHA 110 vs 104: +6.00, 6 ÷ 104 = 5.769… %; BETA 106 vs 105: +1.00, 0.952… %
      // ONLYD has no earlier row; GOVBOND is not an equity series; OLD's earlier row is outside the window
      const response = await api.request<Record<string, TrendValue>>(
        'GET',
        '/public/stock-prices/weeks-high?type=WEEKLY',
      );
      expect(summary(response.body)).toEqual([
        ['DELTA', '2.00', '10.00'],
        ['GAMMA', '5.00', '10.00'],
        ['ALPHA', '6.00', '5.77'],
        ['BETA', '1.00', '0.95'],
      ]);
      expect(response.body.ALPHA?.Previous).toEqual({ date: '2020-03-30', closePrice: '104' });
      expect(response.body.BETA?.Previous).toEqual({ date: '2020-03-25', closePrice: '105' });
      expect(response.body.ALPHA?.Present).toMatchObject({
        symbol: 'ALPHA',
        date: '2020-03-31',
        closePrice: '110',
        highPrice: '112',
      });
    });

    it('monthly highs: 2 March counts (the month clamps to 29 February), so BETA’s 130 is not beaten', async () => {
      const response = await api.request<Record<string, TrendValue>>(
        'GET',
        '/public/stock-prices/weeks-high?type=MONTHLY',
      );
      expect(summary(response.body).map(([symbol]) => symbol)).toEqual(['DELTA', 'GAMMA', 'ALPHA']);
    });

    it('yearly highs: ALPHA beats its 110 of 28 February; OLD’s 2019 row is outside the year', async () => {
      const response = await api.request<Record<string, TrendValue>>(
        'GET',
        '/public/stock-prices/weeks-high?type=YEARLY',
      );
      expect(summary(response.body).map(([symbol]) => symbol)).toEqual(['DELTA', 'GAMMA', 'ALPHA']);
    });

    it('weekly lows: ordered by change % ascending, BE counts as equity', async () => {
      // ZETA 8.5 vs 9.5: −1.00, −10.526… %; EPSILON 81 vs 90: −9.00, −10.00 %
      const response = await api.request<Record<string, TrendValue>>(
        'GET',
        '/public/stock-prices/weeks-low?type=WEEKLY',
      );
      expect(summary(response.body)).toEqual([
        ['ZETA', '-1.00', '-10.53'],
        ['EPSILON', '-9.00', '-10.00'],
      ]);
    });

    it('12-month extremes with the date of each', async () => {
      const response = await api.request<
        Record<string, { highPrice: string; highDate: string; lowPrice: string; lowDate: string }>
      >('GET', '/public/stock-prices/highestStockPriceByStock');
      expect(Object.keys(response.body)).toEqual([
        'ALPHA',
        'BETA',
        'DELTA',
        'EPSILON',
        'GAMMA',
        'OLD',
        'ONLYD',
        'ZETA',
      ]);
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

    it('stock prices of D with change per day', async () => {
      const response = await api.request<
        Array<{ symbol: string; series: string; changePerDay: string; changePercent: string }>
      >('GET', '/public/stock-prices');
      expect(response.body.map((row) => row.symbol)).toEqual([
        'ALPHA',
        'BETA',
        'DELTA',
        'EPSILON',
        'GAMMA',
        'OLD',
        'ONLYD',
        'ZETA',
      ]);
      // PREVCLOSE in these files equals the close, so the change per day is 0
      expect(response.body.every((row) => row.changePerDay === '0.00' && row.changePercent === '0.00')).toBe(true);
    });

    it('a new day uploaded over HTTP moves D and the lists before the upload answers', async () => {
      const answer = await upload(
        api,
        staff,
        'UPLOAD_STOCK_PRICE',
        '01APR2020.csv',
        bhavcopy('2020-04-01', [
          ['ALPHA', 'EQ', 111, 109, 110],
          ['GAMMA', 'EQ', 70, 60, 65],
        ]),
      );
      expect(answer.status).toBe(200);
      const state = await api.request<{ asOf: string }>('GET', '/public/technical-analysis/state');
      expect(state.body.asOf).toBe('2020-04-01');
      // ALPHA's 111 is below 31 March's 112; GAMMA's 70 beats 60: +10.00 vs 55, 18.18 %
      const highs = await api.request<Record<string, TrendValue>>('GET', '/public/stock-prices/weeks-high?type=WEEKLY');
      expect(summary(highs.body)).toEqual([['GAMMA', '10.00', '18.18']]);
      const prices = await api.request<Array<{ symbol: string }>>('GET', '/public/stock-prices');
      expect(prices.body.map((row) => row.symbol)).toEqual(['ALPHA', 'GAMMA']);
    });

    it('period series and candles of a symbol', async () => {
      const week = await api.request<{ dates: string[]; prices: string[] }>(
        'GET',
        '/public/stock-prices/stock-prices-for-period?type=WEEKLY&symbol=alpha',
      );
      // D is now 1 April: the week holds the dates after 25 March
      expect(week.body).toEqual({ dates: ['2020-03-30', '2020-03-31', '2020-04-01'], prices: ['104', '110', '110'] });
      const candles = await api.request<Array<{ date: string }>>(
        'GET',
        '/public/stock-prices?symbol=BETA&from=2020-03-03',
      );
      expect(candles.body).toEqual([
        { date: '2020-03-25', openPrice: '105', highPrice: '110', lowPrice: '102', closePrice: '105' },
        { date: '2020-03-31', openPrice: '106', highPrice: '125', lowPrice: '104', closePrice: '106' },
      ]);
    });

    it('SMA with an empty body: (100 + 104 + 110) ÷ 3 and (104 + 110 + 110) ÷ 3', async () => {
      const response = await api.request(
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
  });

  describe('validation', () => {
    const cases: Array<[string, string, string]> = [
      ['GET', '/public/stock-prices/weeks-high', 'type must be one of WEEKLY, MONTHLY, QUARTERLY, HALFYEARLY, YEARLY'],
      [
        'GET',
        '/public/stock-prices/weeks-low?type=DAILY',
        'type must be one of WEEKLY, MONTHLY, QUARTERLY, HALFYEARLY, YEARLY',
      ],
      ['GET', '/public/stock-prices/stock-prices-for-period?type=WEEKLY', 'symbol is required'],
      [
        'GET',
        '/public/stock-prices?symbol=AL%20PHA',
        'symbol must be an NSE symbol (letters, digits, & - _ . up to 50 characters)',
      ],
      ['GET', '/public/stock-prices?symbol=ALPHA&from=2020-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['GET', '/public/stock-prices?symbol=ALPHA&from=2020-03-31&to=2020-03-01', 'from must not be after to'],
      ['GET', '/public/stock-prices?from=2020-03-01', 'from and to need a symbol'],
      [
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=ALPHA&priceSize=4.5&windowSize=2',
        'priceSize must be a whole number',
      ],
      [
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=ALPHA&priceSize=4&windowSize=0',
        'windowSize must be at least 1',
      ],
      [
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=ALPHA&priceSize=3&windowSize=4',
        'windowSize must not be larger than priceSize',
      ],
      [
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=ALPHA&priceSize=5001&windowSize=4',
        'priceSize must be at most 5000',
      ],
      [
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=ALPHA&priceSize=50&windowSize=4',
        'priceSize 50 is more than the 5 prices available for ALPHA',
      ],
      [
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=NOSUCH&priceSize=5&windowSize=4',
        'There are no prices for NOSUCH',
      ],
      ['POST', '/public/technical-analysis/stocks/sma?symbol=ALPHA&windowSize=4', 'priceSize is required'],
      ['GET', '/public/profit-and-loss?symbol=TCS&nature=BOTH', 'nature must be STANDALONE or CONSOLIDATED'],
      ['GET', '/public/corporate-actions?date=2020-01-01', 'date needs a symbol'],
    ];
    for (const [method, url, message] of cases) {
      it(`${method} ${url} → 400 "${message}"`, async () => {
        const response = await api.request<{ status: number; message: string }>(method, url);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      });
    }
  });

  describe('corporate actions', () => {
    beforeAll(async () => {
      const header =
        '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';
      const lines = [
        '"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 5 Per Share","1","16-Jan-2020","17-Jan-2020","-","-"',
        '"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 12 Per Share","1","23-Apr-2020","24-Apr-2020","-","-"',
        '"INFY","Infosys Limited","EQ"," Dividend - Rs 8 Per Share","5","24-Oct-2019","25-Oct-2019","-","-"',
        '"TCS","Tata Consultancy Services Limited","EQ"," Bonus 1:1","1","31-May-2018","01-Jun-2018","-","-"',
      ];
      const answer = await upload(api, staff, 'UPLOAD_CORPORATE_ACTIONS', 'CF-CA.csv', [header, ...lines].join('\n'));
      expect(answer.status, answer.text).toBe(200);
    });

    it('lists every action, newest ex-date first', async () => {
      const response = await api.request<Array<{ symbol: string; exDate: string; purpose: string }>>(
        'GET',
        '/public/corporate-actions',
      );
      expect(response.body.map((action) => `${action.symbol} ${action.exDate}`)).toEqual([
        'TCS 2020-04-23',
        'TCS 2020-01-16',
        'INFY 2019-10-24',
        'TCS 2018-05-31',
      ]);
    });

    it('splits a symbol’s events at the date: past before it (newest first), upcoming on or after', async () => {
      const response = await api.request<{
        pastEvents: Array<{ exDate: string; purpose: string }>;
        upcomingEvents: Array<{ exDate: string }>;
      }>('GET', '/public/corporate-actions?symbol=tcs&date=2020-03-31');
      expect(response.body.pastEvents.map((event) => event.exDate)).toEqual(['2020-01-16', '2018-05-31']);
      expect(response.body.pastEvents[0]?.purpose).toBe('Dividend - Rs 5 Per Share');
      expect(response.body.upcomingEvents.map((event) => event.exDate)).toEqual(['2020-04-23']);
    });
  });

  describe('financial statements', () => {
    it('profit and loss: the last 8 quarters up to the date, oldest first, from the real TCS profit file', async () => {
      const file = path.join(DATA_DIR, 'financials/quarterly_pat_eps_csv/tcs.csv');
      const answer = await upload(api, staff, 'UPLOAD_FINANCIAL_REPORT', 'tcs.csv', fs.readFileSync(file));
      expect(answer.status, answer.text).toBe(200);
      // independent reading of the file: newest first, '31Dec2024' dates, profit as filed
      const monthNumber = (name: string) =>
        String(
          ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(name) + 1,
        ).padStart(2, '0');
      const quarters = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .map(([date = '', profit = '']) => ({
          date: `${date.slice(5, 9)}-${monthNumber(date.slice(2, 5))}-${date.slice(0, 2)}`,
          profit: Number(profit),
        }))
        .filter((quarter) => quarter.date <= '2021-03-31')
        .sort((a, b) => (a.date < b.date ? -1 : 1))
        .slice(-8);
      const response = await api.request<
        Array<{ dateOfEndOfReportingPeriod: string; profitLossForPeriod: string; natureOfReport: string }>
      >('GET', '/public/profit-and-loss?symbol=TCS&startDateOfFinancialYear=2021-03-31');
      expect(quarters).toHaveLength(8);
      expect(response.body.map((row) => row.dateOfEndOfReportingPeriod)).toEqual(
        quarters.map((quarter) => quarter.date),
      );
      response.body.forEach((row, index) =>
        expect(Number(row.profitLossForPeriod)).toBeCloseTo(quarters[index]?.profit ?? NaN, 0),
      );
      // the profit file does not say its basis: it stands in for standalone figures only
      expect(response.body.every((row) => row.natureOfReport === 'UNSPECIFIED')).toBe(true);
      expect(
        (
          await api.request(
            'GET',
            '/public/profit-and-loss?symbol=TCS&startDateOfFinancialYear=2021-03-31&nature=CONSOLIDATED',
          )
        ).body,
      ).toEqual([]);
    });

    it('profit and loss: standalone filings win over the profit file when loaded', async () => {
      const file = path.join(
        DATA_DIR,
        'financials/xbrl_results_xlsx/TCS/16Apr2020_2024_INDAS_54904_240066_16042020082412_WEB.xlsx',
      );
      const answer = await upload(api, staff, 'UPLOAD_FINANCIAL_REPORT', path.basename(file), fs.readFileSync(file));
      expect(answer.status, answer.text).toBe(200);
      const response = await api.request<
        Array<{ dateOfEndOfReportingPeriod: string; natureOfReport: string; income: string }>
      >('GET', '/public/profit-and-loss?symbol=TCS&startDateOfFinancialYear=2020-06-30');
      expect(response.body.map((row) => [row.dateOfEndOfReportingPeriod, row.natureOfReport])).toEqual([
        ['2020-03-31', 'STANDALONE'],
      ]);
      expect(Number(response.body[0]?.income)).toBeGreaterThan(0);
    });

    it('balance sheets: the last 8 up to the date, oldest first, by basis', async () => {
      const header =
        'Symbol,NatureOfReportStandaloneConsolidated,DateOfEndOfReportingPeriod,Assets,EquityAndLiabilities';
      const ends = [
        '2017-09-30',
        '2018-03-31',
        '2018-09-30',
        '2019-03-31',
        '2019-09-30',
        '2020-03-31',
        '2020-09-30',
        '2021-03-31',
        '2021-09-30',
        '2022-03-31',
      ];
      const lines = ends.map((end, i) => `INFY,Standalone,${end},${1000 + i},${1000 + i}`);
      lines.push('INFY,Consolidated,2020-03-31,5000,5000');
      const answer = await upload(
        api,
        staff,
        'UPLOAD_FINANCIAL_STATEMENT',
        'balance-sheets.csv',
        [header, ...lines].join('\n'),
      );
      expect(answer.status, answer.text).toBe(200);
      const standalone = await api.request<Array<{ dateOfEndOfReportingPeriod: string; totalAssets: string }>>(
        'GET',
        '/public/balancesheet?symbol=INFY&startDateOfFinancialYear=2021-12-31',
      );
      // 10 periods up to 30 Sep 2021: the last 8 are 2018-03-31 .. 2021-09-30
      expect(standalone.body.map((row) => row.dateOfEndOfReportingPeriod)).toEqual(ends.slice(1, 9));
      expect(standalone.body.map((row) => row.totalAssets)).toEqual([
        '1001',
        '1002',
        '1003',
        '1004',
        '1005',
        '1006',
        '1007',
        '1008',
      ]);
      const consolidated = await api.request<Array<{ totalAssets: string }>>(
        'GET',
        '/public/balancesheet?symbol=INFY&startDateOfFinancialYear=2021-12-31&nature=CONSOLIDATED',
      );
      expect(consolidated.body.map((row) => row.totalAssets)).toEqual(['5000']);
    });
  });

  describe('companies', () => {
    const company = {
      companyName: 'Alpha Industries Limited',
      industry: 'Textiles',
      symbol: 'alpha',
      series: 'eq',
      isinCode: 'INE000A01011',
      paidUpValue: '10',
      dateOfListing: '2001-05-14',
      marketLot: 1,
      faceValue: '10',
    };

    it('staff add, edit and delete; everyone reads', async () => {
      const created = await api.request<{ id: number; symbol: string; series: string }>('POST', '/staff/stocks', {
        token: staff,
        json: company,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        symbol: 'ALPHA',
        series: 'EQ',
        companyName: 'Alpha Industries Limited',
        paidUpValue: '10',
        marketLot: 1,
      });
      const id = created.body.id;

      const list = await api.request<Array<{ symbol: string }>>('GET', '/public/stocks');
      expect(list.body.map((row) => row.symbol)).toContain('ALPHA');
      const one = await api.request<Array<{ id: number }>>('GET', '/public/stocks?symbol=Alpha');
      expect(one.body.map((row) => row.id)).toEqual([id]);

      const duplicate = await api.request<{ message: string }>('POST', '/staff/stocks', {
        token: staff,
        json: company,
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('A company with symbol ALPHA already exists');

      const edited = await api.request<{ industry: string }>('PUT', `/staff/stocks/${id}`, {
        token: staff,
        json: { ...company, industry: 'Apparel' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.industry).toBe('Apparel');

      const deleted = await api.request<{ message: string }>('DELETE', `/staff/stocks/${id}`, { token: staff });
      expect(deleted.body.message).toBe('Company ALPHA deleted successfully');
      expect((await api.request('DELETE', `/staff/stocks/${id}`, { token: staff })).status).toBe(404);
      expect((await api.request('PUT', `/staff/stocks/${id}`, { token: staff, json: company })).status).toBe(404);
    });

    it('answers the spec’s messages for missing fields and writes nothing', async () => {
      const before = (await api.request<unknown[]>('GET', '/public/stocks')).body.length;
      const response = await api.request<{ message: string }>('POST', '/staff/stocks', {
        token: staff,
        json: { ...company, companyName: '', dateOfListing: undefined },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('Company Name is required!');
      expect(response.body.message).toContain('Date Of Listing is required!');
      expect((await api.request<unknown[]>('GET', '/public/stocks')).body.length).toBe(before);
    });

    it('keeps investors and visitors out of the staff routes', async () => {
      expect((await api.request('POST', '/staff/stocks', { token: investor, json: company })).status).toBe(403);
      expect((await api.request('POST', '/staff/stocks', { json: company })).status).toBe(401);
      expect((await api.request('DELETE', '/staff/stocks/1')).status).toBe(401);
    });
  });
});
