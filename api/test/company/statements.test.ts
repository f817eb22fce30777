/**
 * GET /public/profit-and-loss and /public/balancesheet: the last 8 periods up to a date, oldest
 * first, by basis (standalone falling back to figures of unstated basis), from real and small files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { DATA_DIR, upload } from '../uploads/helpers.js';

describe('financial statements', () => {
  let api: TestApi;
  let staff: string;

  beforeAll(async () => {
    api = await startTestApi();
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
  });
  afterAll(async () => api.close());

  it('answers empty lists without data, never an error', async () => {
    expect(
      (await api.request('GET', '/public/profit-and-loss?symbol=TCS&startDateOfFinancialYear=2020-03-31')).body,
    ).toEqual([]);
    expect(
      (await api.request('GET', '/public/balancesheet?symbol=TCS&startDateOfFinancialYear=2020-03-31')).body,
    ).toEqual([]);
  });

  it('refuses a basis that is not one', async () => {
    const response = await api.request<{ message: string }>('GET', '/public/profit-and-loss?symbol=TCS&nature=BOTH');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('nature must be STANDALONE or CONSOLIDATED');
  });

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
    expect(response.body.map((row) => row.dateOfEndOfReportingPeriod)).toEqual(quarters.map((quarter) => quarter.date));
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
    const header = 'Symbol,NatureOfReportStandaloneConsolidated,DateOfEndOfReportingPeriod,Assets,EquityAndLiabilities';
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
