/**
 * The company routes on one API: corporate actions (every action newest ex-date first, one
 * symbol's events split at a date), financial statements (the last 8 periods up to a date, oldest
 * first, by basis, standalone falling back to figures of unstated basis; from real and small
 * files uploaded over HTTP), and companies (staff add, edit and delete with the screen's messages;
 * everyone reads; investors and visitors kept out of the staff routes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../setup/test-api.js';
import { DATA_DIR, upload } from '../uploads/helpers.js';

describe('company routes', () => {
  const demo = useTestApi();
  /** Uploads a file as staff; the upload must be accepted. */
  const uploadAsStaff = async (kind: Parameters<typeof upload>[2], fileName: string, content: string | Buffer) => {
    const answer = await upload(demo.api, demo.staff, kind, fileName, content);
    expect(answer.status, answer.text).toBe(200);
  };

  describe('corporate actions', () => {
    it('answers empty lists for a symbol without events', async () => {
      expect((await demo.api.request('GET', '/public/corporate-actions?symbol=TCS&date=2020-03-31')).body).toEqual({
        pastEvents: [],
        upcomingEvents: [],
      });
    });

    it('refuses a date without a symbol', async () => {
      const response = await demo.api.request<{ message: string }>('GET', '/public/corporate-actions?date=2020-01-01');
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('date needs a symbol');
    });

    describe('after an upload', () => {
      let report: { adjustingEvents?: number; dividends?: number; unclassified?: string[] };
      beforeAll(async () => {
        const header =
          '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';
        const lines = [
          '"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 5 Per Share","1","16-Jan-2020","17-Jan-2020","-","-"',
          '"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 12 Per Share","1","23-Apr-2020","24-Apr-2020","-","-"',
          '"INFY","Infosys Limited","EQ"," Dividend - Rs 8 Per Share","5","24-Oct-2019","25-Oct-2019","-","-"',
          '"TCS","Tata Consultancy Services Limited","EQ"," Bonus 1:1","1","31-May-2018","01-Jun-2018","-","-"',
          // the same bonus for a second series: one event
          '"TCS","Tata Consultancy Services Limited","BE"," Bonus 1:1","1","31-May-2018","01-Jun-2018","-","-"',
          '"INFY","Infosys Limited","EQ"," Bonus Issue Ratio To Be Announced","5","02-Jan-2020","03-Jan-2020","-","-"',
        ];
        const answer = await upload(
          demo.api,
          demo.staff,
          'UPLOAD_CORPORATE_ACTIONS',
          'CF-CA.csv',
          [header, ...lines].join('\n'),
        );
        expect(answer.status, answer.text).toBe(200);
        report = answer.body;
      });

      it('the upload reports the adjusting events and dividends it recognised, and the texts it did not', () => {
        expect(report).toMatchObject({
          adjustingEvents: 1,
          dividends: 3,
          unclassified: ['Bonus Issue Ratio To Be Announced'],
        });
      });

      it('says what each action was understood as: kind, factor, dividend per share, label', async () => {
        const response = await demo.api.request<
          Array<{
            symbol: string;
            series: string;
            exDate: string;
            kind: string;
            factor: string | null;
            dividendPerShare: string | null;
            label: string | null;
          }>
        >('GET', '/public/corporate-actions');
        const understood = response.body.map(({ symbol, series, exDate, kind, factor, dividendPerShare, label }) => [
          `${symbol} ${series} ${exDate}`,
          kind,
          factor,
          dividendPerShare,
          label,
        ]);
        expect(understood).toEqual([
          ['TCS EQ 2020-04-23', 'dividend', null, '12', 'Dividend ₹12'],
          ['TCS EQ 2020-01-16', 'dividend', null, '5', 'Dividend ₹5'],
          ['INFY EQ 2020-01-02', 'other', null, null, null],
          ['INFY EQ 2019-10-24', 'dividend', null, '8', 'Dividend ₹8'],
          ['TCS EQ 2018-05-31', 'bonus', '2', null, 'Bonus 1:1'],
          ['TCS BE 2018-05-31', 'bonus', '2', null, 'Bonus 1:1'],
        ]);
        const events = await demo.api.request<{ pastEvents: Array<{ kind: string; label: string | null }> }>(
          'GET',
          '/public/corporate-actions?symbol=TCS&date=2020-03-31',
        );
        expect(events.body.pastEvents.map((event) => event.label)).toEqual(['Dividend ₹5', 'Bonus 1:1', 'Bonus 1:1']);
      });

      it('lists every action, newest ex-date first', async () => {
        const response = await demo.api.request<Array<{ symbol: string; exDate: string; purpose: string }>>(
          'GET',
          '/public/corporate-actions',
        );
        expect(response.body.map((action) => `${action.symbol} ${action.exDate}`)).toEqual([
          'TCS 2020-04-23',
          'TCS 2020-01-16',
          'INFY 2020-01-02',
          'INFY 2019-10-24',
          'TCS 2018-05-31',
          'TCS 2018-05-31',
        ]);
      });

      it('splits a symbol’s events at the date: past before it (newest first), upcoming on or after', async () => {
        const response = await demo.api.request<{
          pastEvents: Array<{ exDate: string; purpose: string }>;
          upcomingEvents: Array<{ exDate: string }>;
        }>('GET', '/public/corporate-actions?symbol=tcs&date=2020-03-31');
        expect(response.body.pastEvents.map((event) => event.exDate)).toEqual([
          '2020-01-16',
          '2018-05-31',
          '2018-05-31',
        ]);
        expect(response.body.pastEvents[0]?.purpose).toBe('Dividend - Rs 5 Per Share');
        expect(response.body.upcomingEvents.map((event) => event.exDate)).toEqual(['2020-04-23']);
      });
    });
  });

  describe('financial statements', () => {
    it('answers empty lists without data, never an error', async () => {
      expect(
        (await demo.api.request('GET', '/public/profit-and-loss?symbol=TCS&startDateOfFinancialYear=2020-03-31')).body,
      ).toEqual([]);
      expect(
        (await demo.api.request('GET', '/public/balancesheet?symbol=TCS&startDateOfFinancialYear=2020-03-31')).body,
      ).toEqual([]);
    });

    it('refuses a basis that is not one', async () => {
      const response = await demo.api.request<{ message: string }>(
        'GET',
        '/public/profit-and-loss?symbol=TCS&nature=BOTH',
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('nature must be STANDALONE or CONSOLIDATED');
    });

    it('profit and loss: the last 8 quarters up to the date, oldest first, from the real TCS profit file', async () => {
      const file = path.join(DATA_DIR, 'financials/quarterly_pat_eps_csv/tcs.csv');
      await uploadAsStaff('UPLOAD_FINANCIAL_REPORT', 'tcs.csv', fs.readFileSync(file));
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
      const response = await demo.api.request<
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
          await demo.api.request(
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
      await uploadAsStaff('UPLOAD_FINANCIAL_REPORT', path.basename(file), fs.readFileSync(file));
      const response = await demo.api.request<
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
      await uploadAsStaff('UPLOAD_FINANCIAL_STATEMENT', 'balance-sheets.csv', [header, ...lines].join('\n'));
      const standalone = await demo.api.request<Array<{ dateOfEndOfReportingPeriod: string; totalAssets: string }>>(
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
      const consolidated = await demo.api.request<Array<{ totalAssets: string }>>(
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
      const created = await demo.api.request<{ id: number; symbol: string; series: string }>('POST', '/staff/stocks', {
        token: demo.staff,
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

      const list = await demo.api.request<Array<{ symbol: string }>>('GET', '/public/stocks');
      expect(list.body.map((row) => row.symbol)).toContain('ALPHA');
      const one = await demo.api.request<Array<{ id: number }>>('GET', '/public/stocks?symbol=Alpha');
      expect(one.body.map((row) => row.id)).toEqual([id]);

      const duplicate = await demo.api.request<{ message: string }>('POST', '/staff/stocks', {
        token: demo.staff,
        json: company,
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('A company with symbol ALPHA already exists');

      const edited = await demo.api.request<{ industry: string }>('PUT', `/staff/stocks/${id}`, {
        token: demo.staff,
        json: { ...company, industry: 'Apparel' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.industry).toBe('Apparel');

      const deleted = await demo.api.request<{ message: string }>('DELETE', `/staff/stocks/${id}`, {
        token: demo.staff,
      });
      expect(deleted.body.message).toBe('Company ALPHA deleted successfully');
      expect((await demo.api.request('DELETE', `/staff/stocks/${id}`, { token: demo.staff })).status).toBe(404);
      expect((await demo.api.request('PUT', `/staff/stocks/${id}`, { token: demo.staff, json: company })).status).toBe(
        404,
      );
    });

    it('answers the screen’s messages for missing fields and writes nothing', async () => {
      const before = (await demo.api.request<unknown[]>('GET', '/public/stocks')).body.length;
      const response = await demo.api.request<{ message: string }>('POST', '/staff/stocks', {
        token: demo.staff,
        json: { ...company, companyName: '', dateOfListing: undefined },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('Company Name is required!');
      expect(response.body.message).toContain('Date Of Listing is required!');
      expect((await demo.api.request<unknown[]>('GET', '/public/stocks')).body.length).toBe(before);
    });

    it('keeps investors and visitors out of the staff routes', async () => {
      expect((await demo.api.request('POST', '/staff/stocks', { token: demo.investor, json: company })).status).toBe(
        403,
      );
      expect((await demo.api.request('POST', '/staff/stocks', { json: company })).status).toBe(401);
      expect((await demo.api.request('DELETE', '/staff/stocks/1')).status).toBe(401);
    });
  });
});
