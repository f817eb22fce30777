/**
 * Every upload kind on the real NSE files of ../shared/data, through the HTTP endpoints, as csv,
 * xlsx and xls. Expected counts and values are worked out here from the files themselves with
 * plain, independent code (line splitting, BigInt/Big sums), never copied from the app's answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useApi } from '../setup/test-api.js';
import {
  csvToWorkbook,
  DATA_DIR,
  dataFile,
  expectAccepted,
  marketFingerprint,
  plainCsvRows,
  recordDataChanged,
  type DataChanged,
  sqlRows,
  upload,
  uploadDataFile,
  uploadRealCorporateActions,
} from './helpers.js';
import { bhavcopyDate } from '../market/support/bhavcopy.js';

const fmt = (value: number) => value.toLocaleString('en-US');

describe('uploads of the real NSE files', () => {
  const api = useApi();
  let staff: string;
  const events: DataChanged[] = [];

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    recordDataChanged(api, events);
  });

  describe('stock prices', () => {
    const file = 'bhavcopy/legacy/31MAR2020.csv';
    const rows = plainCsvRows(dataFile(file).toString('utf8'));
    const header = rows[0]!;
    const body = rows.slice(1);
    const at = (name: string) => header.indexOf(name);

    it('loads a legacy bhavcopy: every row and series, exact values', async () => {
      events.length = 0;
      const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', '31MAR2020.csv', dataFile(file));
      expect(answer.status).toBe(200);
      // 1,953 lines in the file = header + 1,952 rows (PROVENANCE lists 1,952 for 31-Mar-2020)
      expect(body.length).toBe(1952);
      expect(answer.body.message).toBe(
        `Stock prices: ${fmt(body.length)} rows for 2020-03-31 (${fmt(body.length)} new, 0 replaced)`,
      );
      expect(answer.body).toMatchObject({
        rowsInFile: 1952,
        inserted: 1952,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        dates: ['2020-03-31'],
        layout: 'NSE_BHAVCOPY_LEGACY',
        fileFormat: 'csv',
      });

      const [stored] = await sqlRows<{ rows: number; qty: string; value: string; series: number }>(
        api.handle,
        "SELECT count(*)::int AS rows, sum(total_traded_qty)::text AS qty, sum(total_traded_value)::text AS value, count(DISTINCT series)::int AS series FROM stock_prices WHERE trade_date = '2020-03-31'",
      );
      const quantity = body.reduce((sum, row) => sum + BigInt(row[at('TOTTRDQTY')]!), 0n);
      const value = body.reduce((sum, row) => sum.plus(row[at('TOTTRDVAL')]!), new Big(0));
      const series = new Set(body.map((row) => row[at('SERIES')]));
      expect(stored).toEqual({ rows: 1952, qty: quantity.toString(), value: stored!.value, series: series.size });
      expect(new Big(stored!.value).eq(value)).toBe(true);

      // RELIANCE,EQ,1073.95,1129.8,1048,1113.75,1100,1030.45,20249909,22140676568.55,31-MAR-2020,506536,INE002A01018
      const [reliance] = await sqlRows<Record<string, string | number>>(
        api.handle,
        "SELECT open_price, high_price, low_price, close_price, last_price, prev_close, total_traded_qty, total_traded_value, total_trades, isin FROM stock_prices WHERE symbol = 'RELIANCE' AND series = 'EQ' AND trade_date = '2020-03-31'",
      );
      expect(reliance).toEqual({
        open_price: '1073.95',
        high_price: '1129.8',
        low_price: '1048',
        close_price: '1113.75',
        last_price: '1100',
        prev_close: '1030.45',
        total_traded_qty: expect.anything(),
        total_traded_value: '22140676568.55',
        total_trades: 506536,
        isin: 'INE002A01018',
      });
      expect(Number(reliance!.total_traded_qty)).toBe(20249909);
      expect(events).toEqual([{ uploadType: 'UPLOAD_STOCK_PRICE', dates: ['2020-03-31'] }]);
    });

    it('changes nothing when the same file is uploaded again', async () => {
      const before = await marketFingerprint(api.handle);
      events.length = 0;
      const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', '31MAR2020.csv', dataFile(file));
      expectAccepted(answer, 'Stock prices: 1,952 rows for 2020-03-31 (0 new, 0 replaced, 1,952 unchanged)');
      const after = await marketFingerprint(api.handle);
      expect({ ...after, market_data_uploads: '' }).toEqual({ ...before, market_data_uploads: '' });
      // nothing changed, so nothing to refresh
      expect(events).toEqual([]);
    });

    it('replaces a date with a corrected file, for the symbols it holds', async () => {
      // correction: RELIANCE EQ close 1113.75 -> 1114.00; the first EQ symbol moves to series BE;
      // the last row's symbol is left out (its row stays: the file does not hold that symbol)
      const corrected = body.map((row) => [...row]);
      const reliance = corrected.find((row) => row[0] === 'RELIANCE' && row[1] === 'EQ')!;
      reliance[at('CLOSE')] = '1114.00';
      const moved = corrected.find(
        (row) => row[1] === 'EQ' && !corrected.some((other) => other[0] === row[0] && other[1] === 'BE'),
      )!;
      moved[1] = 'BE';
      const dropped = corrected.pop()!;
      const text = [header, ...corrected].map((row) => row.join(',')).join('\n');

      const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', 'corrected.csv', text);
      expect(answer.status).toBe(200);
      // 1,951 rows: 1 new (moved BE), 1 replaced (RELIANCE), 1,949 unchanged, 1 removed (moved EQ)
      expect(answer.body.message).toBe(
        'Stock prices: 1,951 rows for 2020-03-31 (1 new, 1 replaced, 1,949 unchanged, 1 removed)',
      );
      const [close] = await sqlRows<{ close_price: string }>(
        api.handle,
        "SELECT close_price FROM stock_prices WHERE symbol = 'RELIANCE' AND series = 'EQ' AND trade_date = '2020-03-31'",
      );
      expect(new Big(close!.close_price).eq('1114')).toBe(true);
      const movedRows = await sqlRows<{ series: string }>(
        api.handle,
        "SELECT series FROM stock_prices WHERE symbol = $1 AND trade_date = '2020-03-31' ORDER BY series",
        [moved[0]],
      );
      expect(movedRows.map((row) => row.series)).toEqual(['BE']);
      const droppedRows = await sqlRows(
        api.handle,
        "SELECT 1 FROM stock_prices WHERE symbol = $1 AND series = $2 AND trade_date = '2020-03-31'",
        [dropped[0], dropped[1]],
      );
      expect(droppedRows).toHaveLength(1);
      const [summary] = await sqlRows<{ row_count: number }>(
        api.handle,
        "SELECT row_count FROM stock_price_dates WHERE trade_date = '2020-03-31'",
      );
      expect(summary!.row_count).toBe(1952);
    });

    it('loads a file holding several days', async () => {
      const days = ['02JAN2019.csv', '03JAN2019.csv', '04JAN2019.csv'];
      const parts = days.map((name) => plainCsvRows(dataFile(`bhavcopy/legacy/${name}`).toString('utf8')));
      const combined = [parts[0]![0]!, ...parts.flatMap((part) => part.slice(1))];
      const expectedRows = combined.length - 1; // 1,874 + 1,878 + 1,889 = 5,641 (PROVENANCE)
      expect(expectedRows).toBe(5641);
      const answer = await upload(
        api,
        staff,
        'UPLOAD_STOCK_PRICE',
        'jan-2019.csv',
        combined.map((row) => row.join(',')).join('\n') + '\n',
      );
      expectAccepted(
        answer,
        'Stock prices: 5,641 rows for 3 dates from 2019-01-02 to 2019-01-04 (5,641 new, 0 replaced)',
      );
      const counts = await sqlRows<{ d: string; n: number }>(
        api.handle,
        "SELECT trade_date::text AS d, row_count AS n FROM stock_price_dates WHERE trade_date < '2019-02-01' ORDER BY 1",
      );
      expect(counts).toEqual([
        { d: '2019-01-02', n: 1874 },
        { d: '2019-01-03', n: 1878 },
        { d: '2019-01-04', n: 1889 },
      ]);
    });

    it('loads a UDiFF bhavcopy (34 columns, ISO dates)', async () => {
      const name = 'BhavCopy_NSE_CM_0_0_0_20250618_F_0000.csv';
      const udiff = plainCsvRows(dataFile(`bhavcopy/udiff/${name}`).toString('utf8'));
      const columns = udiff[0]!;
      const rowsOfDay = udiff.slice(1);
      expect(rowsOfDay.length).toBe(2993); // PROVENANCE
      const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', name, dataFile(`bhavcopy/udiff/${name}`));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        layout: 'NSE_BHAVCOPY_UDIFF',
        rowsInFile: 2993,
        inserted: 2993,
        dates: ['2025-06-18'],
      });
      const reliance = rowsOfDay.find(
        (row) => row[columns.indexOf('TckrSymb')] === 'RELIANCE' && row[columns.indexOf('SctySrs')] === 'EQ',
      )!;
      const [stored] = await sqlRows<{
        close_price: string;
        high_price: string;
        total_traded_qty: string | number;
        total_trades: number;
        isin: string;
      }>(
        api.handle,
        "SELECT close_price, high_price, total_traded_qty, total_trades, isin FROM stock_prices WHERE symbol = 'RELIANCE' AND series = 'EQ' AND trade_date = '2025-06-18'",
      );
      expect(new Big(stored!.close_price).eq(reliance[columns.indexOf('ClsPric')]!)).toBe(true);
      expect(new Big(stored!.high_price).eq(reliance[columns.indexOf('HghPric')]!)).toBe(true);
      expect(Number(stored!.total_traded_qty)).toBe(Number(reliance[columns.indexOf('TtlTradgVol')]));
      expect(stored!.total_trades).toBe(Number(reliance[columns.indexOf('TtlNbOfTxsExctd')]));
      expect(stored!.isin).toBe(reliance[columns.indexOf('ISIN')]);
    });

    it('reads the same columns from .xlsx and .xls workbooks (recognised by content, not name)', async () => {
      for (const [day, bookType, fileName] of [
        ['06JAN2020', 'xlsx', 'prices.xlsx'],
        ['07JAN2020', 'biff8', 'prices-named-wrongly.csv'],
      ] as const) {
        const legacy = plainCsvRows(dataFile(`bhavcopy/legacy/${day}.csv`).toString('utf8'));
        const sheetRows = legacy.map((row) => row.slice(0, 13)); // a workbook has no trailing empty column
        const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', fileName, csvToWorkbook(sheetRows, bookType));
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.fileFormat).toBe(bookType === 'xlsx' ? 'xlsx' : 'xls');
        expect(answer.body.rowsInFile).toBe(legacy.length - 1);
        const date = bhavcopyDate(legacy[1]![10]!);
        // every row's close price equals the file's, compared as exact decimals
        const stored = await sqlRows<{ symbol: string; series: string; close_price: string }>(
          api.handle,
          'SELECT symbol, series, close_price FROM stock_prices WHERE trade_date = $1',
          [date],
        );
        const byKey = new Map(stored.map((row) => [`${row.symbol}|${row.series}`, row.close_price]));
        expect(byKey.size).toBe(legacy.length - 1);
        for (const row of legacy.slice(1)) expect(new Big(byKey.get(`${row[0]}|${row[1]}`)!).eq(row[5]!)).toBe(true);
      }
    });

    it('lists the uploaded dates ascending, under /insight and /api', async () => {
      const insight = await api.request<string[]>('GET', '/insight/staff/uploads/stock-price/uploaded-dates', {
        token: staff,
      });
      const main = await api.request<string[]>('GET', '/staff/uploads/stock-price/uploaded-dates', { token: staff });
      expect(insight.status).toBe(200);
      expect(insight.body).toEqual([
        '2019-01-02',
        '2019-01-03',
        '2019-01-04',
        '2020-01-06',
        '2020-01-07',
        '2020-03-31',
        '2025-06-18',
      ]);
      expect(main.body).toEqual(insight.body);
      const counts = await api.request<Array<{ tradeDate: string; rowCount: number }>>(
        'GET',
        '/insight/staff/uploads/stock-price/date-counts',
        { token: staff },
      );
      expect(counts.body.find((entry) => entry.tradeDate === '2025-06-18')).toEqual({
        tradeDate: '2025-06-18',
        rowCount: 2993,
      });
    });
  });

  describe('stocks and company profiles', () => {
    it('loads the equity list; the industry a company had is kept', async () => {
      const profiles = await uploadDataFile(
        api,
        staff,
        'UPLOAD_UPDATE_COMPANY_PROFILE',
        'industry/2019-10/ind_nifty500list.csv',
      );
      expect(profiles.status).toBe(200);
      // 502 lines = header + 501 companies, none known yet
      expect(profiles.body.message).toBe('Company profiles: 501 companies (501 new, 0 replaced)');

      const list = plainCsvRows(dataFile('equity_list/EQUITY_L.csv').toString('utf8'));
      const listed = list.slice(1);
      const nifty = plainCsvRows(dataFile('industry/2019-10/ind_nifty500list.csv').toString('utf8')).slice(1);
      const niftySymbols = new Set(nifty.map((row) => row[2]));
      const known = listed.filter((row) => niftySymbols.has(row[0]!)).length;
      const answer = await uploadDataFile(api, staff, 'UPLOAD_STOCK', 'equity_list/EQUITY_L.csv');
      expect(answer.status).toBe(200);
      // companies already there (from the index list) get the list's details: all "replaced"
      expect(answer.body.message).toBe(
        `Stocks: ${fmt(listed.length)} companies (${fmt(listed.length - known)} new, ${fmt(known)} replaced)`,
      );

      // 20MICRONS,20 Microns Limited,EQ,06-OCT-2008,5,1,INE144J01027,5
      const [micron] = await sqlRows<Record<string, unknown>>(
        api.handle,
        "SELECT company_name, series, date_of_listing::text AS listed, paid_up_value, market_lot, isin_code, face_value, industry FROM companies WHERE symbol = '20MICRONS'",
      );
      expect(micron).toEqual({
        company_name: '20 Microns Limited',
        series: 'EQ',
        listed: '2008-10-06',
        paid_up_value: '5',
        market_lot: 1,
        isin_code: 'INE144J01027',
        face_value: '5',
        industry: null,
      });
      // ACC Ltd. is CEMENT & CEMENT PRODUCTS in the index list; the equity list has no industry
      const [acc] = await sqlRows<{ industry: string; company_name: string }>(
        api.handle,
        "SELECT industry, company_name FROM companies WHERE symbol = 'ACC'",
      );
      expect(acc).toEqual({
        industry: 'CEMENT & CEMENT PRODUCTS',
        company_name: listed.find((row) => row[0] === 'ACC')![1],
      });
    });

    it('fills names from the old two-column .xls list, ignoring its repeated rows', async () => {
      const bytes = dataFile('equity_list/xls_variant_2015/EQUITY_L.xls');
      const book = XLSX.read(bytes, { type: 'buffer' });
      const sheetRows = XLSX.utils
        .sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false })
        .slice(1)
        .filter((row) => row.length > 0);
      const distinct = new Set(sheetRows.map((row) => `${row[0]}|${row[1]}`));
      const repeats = sheetRows.length - distinct.size;
      expect(sheetRows.length).toBe(1507);
      expect(repeats).toBe(18);
      const answer = await upload(api, staff, 'UPLOAD_STOCK', 'EQUITY_L.xls', bytes);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.fileFormat).toBe('xls');
      expect(answer.body.layout).toBe('NSE_EQUITY_LIST_NAMES');
      expect(answer.body.inserted + answer.body.updated + answer.body.unchanged).toBe(distinct.size);
      expect(answer.body.message).toContain('18 repeated rows ignored');
      // a name-only row never clears details the company already has
      const [micron] = await sqlRows<{ series: string; isin_code: string }>(
        api.handle,
        "SELECT series, isin_code FROM companies WHERE symbol = '20MICRONS'",
      );
      expect(micron).toEqual({ series: 'EQ', isin_code: 'INE144J01027' });
    });

    it('reads the equity list from an .xlsx too', async () => {
      const rows = plainCsvRows(dataFile('equity_list/snapshot_2020-05/EQUITY_L.csv').toString('utf8'));
      const answer = await upload(api, staff, 'UPLOAD_STOCK', 'EQUITY_L_2020.xlsx', csvToWorkbook(rows, 'xlsx'));
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ fileFormat: 'xlsx', layout: 'NSE_EQUITY_LIST', rowsInFile: rows.length - 1 });
    });
  });

  describe('corporate actions', () => {
    const text = dataFile('corporate_actions/CF-CA-equities.csv')
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.split('\n').filter((line) => line !== '');

    it('loads the export: BOM, quotes, "-" dates; exact repeats ignored', async () => {
      const body = lines.slice(1);
      const distinct = new Set(body.map((line) => line.replace(/" +/g, '"').trim()));
      expect(body.length).toBe(21246);
      const answer = await uploadRealCorporateActions(api, staff);
      expectAccepted(
        answer,
        `Corporate actions: 21,246 rows (${fmt(distinct.size)} new, 0 replaced, ${fmt(body.length - distinct.size)} repeated rows ignored)`,
      );
      // "HDFCBANK","HDFC Bank Limited","EQ"," Face Value Split (Sub-Division) - From Rs 2 Per Share To Rs 1 Per Share","1","19-Sep-2019","20-Sep-2019","-","-"
      const [split] = await sqlRows<Record<string, unknown>>(
        api.handle,
        "SELECT company_name, series, purpose, face_value, ex_date::text AS ex, record_date::text AS rec, book_closure_start_date AS bcs FROM corporate_actions WHERE symbol = 'HDFCBANK' AND purpose LIKE 'Face Value Split%'",
      );
      expect(split).toEqual({
        company_name: 'HDFC Bank Limited',
        series: 'EQ',
        purpose: 'Face Value Split (Sub-Division) - From Rs 2 Per Share To Rs 1 Per Share',
        face_value: '1',
        ex: '2019-09-19',
        rec: '2019-09-20',
        bcs: null,
      });
    });

    it('derives what the actions mean: adjusting events and dividends per share, one row per event', async () => {
      const hdfc = await sqlRows<Record<string, unknown>>(
        api.handle,
        "SELECT ex_date::text AS ex, kind, factor, amount, label FROM corporate_action_events WHERE symbol = 'HDFCBANK' AND ex_date BETWEEN '2019-01-01' AND '2019-12-31' ORDER BY ex_date",
      );
      // the three HDFCBANK rows of 2019 in the file: "Dividend Rs 15 Per Sh", "Special Dividend - Rs 5 Per Share",
      // "Face Value Split (Sub-Division) - From Rs 2 Per Share To Rs 1 Per Share"
      expect(hdfc).toEqual([
        { ex: '2019-06-20', kind: 'dividend', factor: null, amount: '15', label: 'Dividend ₹15' },
        { ex: '2019-08-01', kind: 'dividend', factor: null, amount: '5', label: 'Dividend ₹5' },
        { ex: '2019-09-19', kind: 'split', factor: '2', amount: null, label: '1:2 split' },
      ]);
      // 35 texts with ex-dates Jan 2019 – Mar 2020 name a split or a bonus; BRITANNIA's is a bonus debenture
      const inRange = await sqlRows<{ symbol: string }>(
        api.handle,
        "SELECT symbol FROM corporate_action_events WHERE kind <> 'dividend' AND ex_date BETWEEN '2019-01-01' AND '2020-03-31'",
      );
      expect(inRange).toHaveLength(34);
      expect(inRange.map((row) => row.symbol)).not.toContain('BRITANNIA');
    });

    it('changes nothing on a second upload', async () => {
      const before = await marketFingerprint(api.handle);
      const answer = await uploadRealCorporateActions(api, staff);
      expect(answer.body.inserted + answer.body.updated).toBe(0);
      const after = await marketFingerprint(api.handle);
      expect(after.corporate_actions).toBe(before.corporate_actions);
    });
  });

  describe('financial results', () => {
    /** Independent reading of an XBRL sheet: the first fact of an element under a context. */
    function factOf(relative: string, element: string, context = 'OneD'): string | undefined {
      const book = XLSX.read(dataFile(relative), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
        header: 1,
        raw: false,
        defval: '',
      });
      return rows.find((row) => row[1] === element && row[3] === context)?.[5];
    }

    it('loads Ind-AS, banking and NBFC filings, standalone and consolidated apart', async () => {
      const files = [
        'RELIANCE/19Jul2019_1921_INDAS_46064_121945_19072019072122_WEB.xlsx', // standalone, Q1 FY20
        'RELIANCE/19Jul2019_1924_INDAS_46065_121955_19072019072403_WEB.xlsx', // consolidated, Q1 FY20
        'SBIN/24May2019_1838_BANKING_43998_101295_10052019045734_WEB.xlsx', // bank, Mar-2019 quarter
        'BAJFINANCE/18Sep2020_1423_NBFC_INDAS_57974_294049_21072020043244_WEB.xlsx', // NBFC
      ];
      for (const file of files) {
        const answer = await upload(
          api,
          staff,
          'UPLOAD_FINANCIAL_REPORT',
          path.basename(file),
          dataFile(`financials/xbrl_results_xlsx/${file}`),
        );
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.inserted).toBe(1);
      }
      const stored = await sqlRows<Record<string, string | null>>(
        api.handle,
        'SELECT symbol, nature_of_report, reporting_quarter, date_of_end_of_reporting_period::text AS period_end, date_of_start_of_financial_year::text AS fy, income, expenses, profit_loss_for_period FROM financial_results ORDER BY symbol, nature_of_report',
      );
      expect(stored.map((row) => `${row.symbol} ${row.nature_of_report} ${row.period_end}`)).toEqual([
        'BAJFINANCE STANDALONE 2020-06-30',
        'RELIANCE CONSOLIDATED 2019-06-30',
        'RELIANCE STANDALONE 2019-06-30',
        'SBIN STANDALONE 2019-03-31',
      ]);
      const reliance = stored.find((row) => row.symbol === 'RELIANCE' && row.nature_of_report === 'STANDALONE')!;
      const relianceFile = `financials/xbrl_results_xlsx/${files[0]}`;
      expect(new Big(reliance.income!).eq(factOf(relianceFile, 'Income')!)).toBe(true);
      expect(new Big(reliance.expenses!).eq(factOf(relianceFile, 'Expenses')!)).toBe(true);
      expect(new Big(reliance.profit_loss_for_period!).eq(factOf(relianceFile, 'ProfitLossForPeriod')!)).toBe(true);
      expect(reliance).toMatchObject({ reporting_quarter: 'First quarter', fy: '2019-04-01' });

      // bank: expenses = expenditure excluding provisions + provisions (before exceptional items and tax)
      const sbinFile = `financials/xbrl_results_xlsx/${files[2]}`;
      const sbin = stored.find((row) => row.symbol === 'SBIN')!;
      const expected = new Big(factOf(sbinFile, 'ExpenditureExcludingProvisionsAndContingencies')!).plus(
        factOf(sbinFile, 'ProvisionsOtherThanTaxAndContingencies')!,
      );
      expect(new Big(sbin.expenses!).eq(expected)).toBe(true);
      // 756705000000 - 752393000000 = 4312000000: income minus these expenses is the profit before tax
      expect(
        new Big(sbin.income!).minus(sbin.expenses!).eq(factOf(sbinFile, 'ProfitLossFromOrdinaryActivitiesBeforeTax')!),
      ).toBe(true);
      expect(new Big(sbin.profit_loss_for_period!).eq(factOf(sbinFile, 'ProfitLossForThePeriod')!)).toBe(true);
      expect(sbin).toMatchObject({ reporting_quarter: 'Yearly', fy: '2018-04-01' });
    });

    it('loads the quarterly profit/EPS CSV, naming the company from the file name', async () => {
      const rows = plainCsvRows(dataFile('financials/quarterly_pat_eps_csv/tcs.csv').toString('utf8')).slice(1);
      expect(rows.length).toBe(26);
      const answer = await uploadDataFile(
        api,
        staff,
        'UPLOAD_FINANCIAL_REPORT',
        'financials/quarterly_pat_eps_csv/tcs.csv',
      );
      expectAccepted(answer, 'Financial results: 26 quarters for 1 company (26 new, 0 replaced)');
      // 31Dec2024,118320000000.0,32.71,3617242433
      const [latest] = await sqlRows<Record<string, string | null>>(
        api.handle,
        "SELECT nature_of_report, reporting_quarter, profit_loss_for_period, basic_earnings_per_share, income FROM financial_results WHERE symbol = 'TCS' AND date_of_end_of_reporting_period = '2024-12-31'",
      );
      expect(latest).toMatchObject({
        nature_of_report: 'UNSPECIFIED',
        reporting_quarter: 'Third quarter',
        income: null,
      });
      expect(new Big(latest!.profit_loss_for_period!).eq('118320000000')).toBe(true);
      expect(new Big(latest!.basic_earnings_per_share!).eq('32.71')).toBe(true);
      const mm = await uploadDataFile(
        api,
        staff,
        'UPLOAD_FINANCIAL_REPORT',
        'financials/quarterly_pat_eps_csv/m&m.csv',
      );
      expect(mm.status).toBe(200);
      const [{ n } = { n: 0 }] = await sqlRows<{ n: number }>(
        api.handle,
        "SELECT count(*)::int AS n FROM financial_results WHERE symbol = 'M&M'",
      );
      expect(n).toBe(27);
    });

    it('reads an XBRL filing saved as CSV the same way', async () => {
      const relative = 'financials/xbrl_results_xlsx/TCS/09Jul2019_1813_INDAS_45964_112667_09072019061339_WEB.xlsx';
      const book = XLSX.read(dataFile(relative), { type: 'buffer' });
      const csv = XLSX.utils.sheet_to_csv(book.Sheets[book.SheetNames[0]!]!);
      const answer = await upload(api, staff, 'UPLOAD_FINANCIAL_REPORT', 'tcs-q1.csv', csv);
      expectAccepted(
        answer,
        'Financial results: 1 filing for TCS, quarter ended 2019-06-30 (standalone) (1 new, 0 replaced)',
      );
      const [tcs] = await sqlRows<{ profit_loss_for_period: string }>(
        api.handle,
        "SELECT profit_loss_for_period FROM financial_results WHERE symbol = 'TCS' AND nature_of_report = 'STANDALONE'",
      );
      expect(new Big(tcs!.profit_loss_for_period).eq(factOf(relative, 'ProfitLossForPeriod')!)).toBe(true);
    });

    it('loads every XBRL filing of the folder', async () => {
      const root = path.join(DATA_DIR, 'financials/xbrl_results_xlsx');
      let filings = 0;
      for (const symbol of fs.readdirSync(root)) {
        for (const name of fs.readdirSync(path.join(root, symbol))) {
          const answer = await upload(
            api,
            staff,
            'UPLOAD_FINANCIAL_REPORT',
            name,
            fs.readFileSync(path.join(root, symbol, name)),
          );
          expect(answer.status, `${symbol}/${name}: ${answer.text}`).toBe(200);
          filings++;
        }
      }
      expect(filings).toBe(163); // PROVENANCE: 163 files
      const [{ n } = { n: 0 }] = await sqlRows<{ n: number }>(
        api.handle,
        "SELECT count(*)::int AS n FROM financial_results WHERE source_layout = 'XBRL_RESULTS'",
      );
      // one row per company, basis and quarter end: the 163 files are 163 distinct filings
      expect(n).toBe(163);
    });
  });

  describe('balance sheets', () => {
    it('accepts the template and a fact sheet', async () => {
      const template = await api.request('GET', '/insight/staff/uploads/templates/balance-sheet-template.csv', {
        token: staff,
      });
      expect(template.status).toBe(200);
      expect(template.headers.get('content-type')).toContain('text/csv');
      const answer = await upload(
        api,
        staff,
        'UPLOAD_FINANCIAL_STATEMENT',
        'balance-sheet-template.csv',
        template.text,
      );
      expectAccepted(answer, 'Balance sheets: 2 balance sheets for 1 company (2 new, 0 replaced)');

      // a fact sheet in the results layout; 700 + 300 = 1,000 = 400 equity + 600 liabilities
      const facts = [
        'Sr.No.,Element Name,Period,Unit,Decimals,Fact Value',
        '1,Symbol,,,,INFY',
        '2,DateOfEndOfReportingPeriod,,,,2019-09-30',
        '3,NatureOfReportStandaloneConsolidated,,,,Consolidated',
        '4,NonCurrentAssets,,OneI,-7,700',
        '5,CurrentAssets,,OneI,-7,300',
        '6,Assets,,OneI,-7,1000',
        '7,Equity,,OneI,-7,400',
        '8,Liabilities,,OneI,-7,600',
        '9,EquityAndLiabilities,,OneI,-7,1000',
      ].join('\r\n');
      const sheet = await upload(api, staff, 'UPLOAD_FINANCIAL_STATEMENT', 'infy-bs.csv', facts);
      expect(sheet.status, sheet.text).toBe(200);
      const [infy] = await sqlRows<Record<string, string | null>>(
        api.handle,
        "SELECT nature_of_report, date_of_start_of_financial_year::text AS fy, non_current_assets, total_assets, total_equity, total_liabilities, equity_share_capital FROM balance_sheets WHERE symbol = 'INFY'",
      );
      expect(infy).toEqual({
        nature_of_report: 'CONSOLIDATED',
        fy: '2019-04-01',
        non_current_assets: '700',
        total_assets: '1000',
        total_equity: '400',
        total_liabilities: '600',
        equity_share_capital: null,
      });
    });
  });

  describe('the upload record', () => {
    it('keeps who, when, kind, file name, SHA-256 and row counts, newest first', async () => {
      const history = await api.request<{ total: number; items: Array<Record<string, unknown>> }>(
        'GET',
        '/insight/staff/uploads/history?limit=3',
        { token: staff },
      );
      expect(history.status).toBe(200);
      expect(history.body.items).toHaveLength(3);
      const newest = history.body.items[0]!;
      expect(newest).toMatchObject({
        kind: 'UPLOAD_FINANCIAL_STATEMENT',
        fileName: 'infy-bs.csv',
        uploadedBy: 'staff',
        fileFormat: 'csv',
        rowsInFile: 9,
        rowsInserted: 1,
      });
      const { createHash } = await import('node:crypto');
      const facts = (
        await sqlRows<{ file_sha256: string; file_bytes: number }>(
          api.handle,
          'SELECT file_sha256, file_bytes FROM market_data_uploads WHERE id = $1',
          [newest.id],
        )
      )[0]!;
      expect(newest.fileSha256).toBe(facts.file_sha256);
      const prices = await api.request<{ items: Array<{ fileName: string; fileSha256: string; rowsInFile: number }> }>(
        'GET',
        '/insight/staff/uploads/history?kind=UPLOAD_STOCK_PRICE&limit=200',
        { token: staff },
      );
      const first = prices.body.items.find((item) => item.fileName === '31MAR2020.csv')!;
      expect(first.fileSha256).toBe(
        createHash('sha256').update(dataFile('bhavcopy/legacy/31MAR2020.csv')).digest('hex'),
      );
      expect(first.rowsInFile).toBe(1952);
    });
  });
});
