/**
 * The company area through GraphQL against the real REST API: empty statements and events for a
 * symbol without them; the companies CRUD with the screen's messages and roles (a write drops the
 * cached company list); and companyAnalysis gathering a symbol's page in one request, on real
 * prices (the legacy bhavcopies of March 2020, loaded through the upload code), the real TCS
 * profit file and two corporate actions either side of today.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type GraphQLClient, useStack, expectBadUserInput } from './setup/stack.js';
import {
  legacyBhavcopyFiles,
  loadLegacyBhavcopies,
  readLegacyBhavcopies,
  type BhavcopyRow,
} from '../../api/test/market/support/bhavcopy.js';
import { upload, uploadDataFile } from '../../api/test/uploads/helpers.js';

const PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'];

const COMPANY = {
  companyName: 'Kestrel Motors Limited',
  industry: 'Automobiles',
  symbol: 'kestrel',
  series: 'EQ',
  isinCode: 'INE123K01019',
  paidUpValue: '10',
  dateOfListing: '2004-08-19',
  marketLot: 1,
  faceValue: '10',
};

describe('company area through GraphQL', () => {
  const stack = useStack({ bff: { marketVersionCheckMs: 0 } });
  let anonymous: GraphQLClient;
  let staff: GraphQLClient;
  let investor: GraphQLClient;
  let rows: BhavcopyRow[];

  beforeAll(async () => {
    const files = legacyBhavcopyFiles().filter((file) => /MAR2020\.csv$/.test(file));
    rows = readLegacyBhavcopies(files);
    await loadLegacyBhavcopies(stack.api.app, files);
    // after the load: a kept-alive connection idle through it would be closed by the server
    anonymous = stack.client();
    staff = await stack.clientAs('staff');
    investor = await stack.clientAs('investor');
  }, 600_000);

  it('answers empty statements and events for a symbol without them', async () => {
    const data = await ok<Record<string, unknown>>(
      anonymous,
      '{ profitAndLoss(symbol: "KESTREL") { income } balanceSheets(symbol: "KESTREL", nature: CONSOLIDATED) { totalAssets } corporateEvents(symbol: "KESTREL") { pastEvents { id } upcomingEvents { id } } corporateActions { id } }',
    );
    expect(data).toEqual({
      profitAndLoss: [],
      balanceSheets: [],
      corporateEvents: { pastEvents: [], upcomingEvents: [] },
      corporateActions: [],
    });
  });

  it('lets staff add, edit and delete companies, with the screen’s messages', async () => {
    const created = await ok<{ createCompany: { id: string; symbol: string; marketLot: number } }>(
      staff,
      'mutation ($input: CompanyInput!) { createCompany(input: $input) { id symbol marketLot paidUpValue dateOfListing } }',
      { input: COMPANY },
    );
    expect(created.createCompany).toMatchObject({ symbol: 'KESTREL', marketLot: 1 });
    const id = created.createCompany.id;

    const found = await ok<{ company: { companyName: string } | null; companies: Array<{ symbol: string }> }>(
      anonymous,
      '{ company(symbol: "Kestrel") { companyName } companies { symbol } }',
    );
    expect(found.company?.companyName).toBe('Kestrel Motors Limited');
    expect(found.companies.map((company) => company.symbol)).toEqual(['KESTREL']);

    const again = await staff.request('mutation ($input: CompanyInput!) { createCompany(input: $input) { id } }', {
      input: COMPANY,
    });
    expect(again.errors?.[0]).toMatchObject({
      message: 'A company with symbol KESTREL already exists',
      extensions: { code: 'CONFLICT' },
    });
    const blank = await staff.request('mutation ($input: CompanyInput!) { createCompany(input: $input) { id } }', {
      input: { ...COMPANY, symbol: 'OTHER', industry: ' ' },
    });
    expectBadUserInput(blank, 'Industry is required!');

    const edited = await ok<{ updateCompany: { industry: string } }>(
      staff,
      'mutation ($id: ID!, $input: CompanyInput!) { updateCompany(id: $id, input: $input) { industry } }',
      { id, input: { ...COMPANY, industry: 'Two-wheelers' } },
    );
    expect(edited.updateCompany.industry).toBe('Two-wheelers');
    // the write dropped the cached company list
    const reread = await ok<{ company: { industry: string } }>(
      anonymous,
      '{ company(symbol: "KESTREL") { industry } }',
    );
    expect(reread.company.industry).toBe('Two-wheelers');

    const deleted = await ok<{ deleteCompany: { id: string; message: string } }>(
      staff,
      'mutation ($id: ID!) { deleteCompany(id: $id) { id message } }',
      { id },
    );
    expect(deleted.deleteCompany).toEqual({ id, message: 'Company KESTREL deleted successfully' });
    expect((await ok<{ company: null }>(anonymous, '{ company(symbol: "KESTREL") { id } }')).company).toBeNull();
  });

  it('keeps company writes to staff and administrators', async () => {
    const asInvestor = await investor.request(
      'mutation ($input: CompanyInput!) { createCompany(input: $input) { id } }',
      { input: COMPANY },
    );
    expect(asInvestor.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAnonymous = await anonymous.request('mutation { deleteCompany(id: "1") { id } }');
    expect(asAnonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gathers a company’s page in one request', async () => {
    const staffToken = await stack.api.login('staff', 'Staff@123');
    const profit = await uploadDataFile(
      stack.api,
      staffToken,
      'UPLOAD_FINANCIAL_REPORT',
      'financials/quarterly_pat_eps_csv/tcs.csv',
    );
    expect(profit.status, profit.text).toBe(200);
    const header =
      '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';
    const actions = await upload(
      stack.api,
      staffToken,
      'UPLOAD_CORPORATE_ACTIONS',
      'CF-CA.csv',
      [
        header,
        '"TCS","Tata Consultancy Services Limited","EQ"," Interim Dividend - Rs 5 Per Share","1","16-Jan-2020","17-Jan-2020","-","-"',
        '"TCS","Tata Consultancy Services Limited","EQ"," Special Dividend - Rs 67 Per Share","1","16-Jan-2099","17-Jan-2099","-","-"',
      ].join('\n'),
    );
    expect(actions.status, actions.text).toBe(200);

    const data = await ok<{
      companyAnalysis: {
        symbol: string;
        company: null;
        latestPrice: { closePrice: string; date: string };
        yearRange: { highPrice: string };
        events: { pastEvents: Array<{ purpose: string }>; upcomingEvents: Array<{ purpose: string }> };
        priceSeries: Array<{ period: string; dates: string[]; prices: string[] }>;
        candles: Array<{ date: string; closePrice: string }>;
        profitAndLoss: Array<{ dateOfEndOfReportingPeriod: string; profitLossForPeriod: string }>;
        balanceSheets: unknown[];
      };
    }>(
      anonymous,
      `{ companyAnalysis(symbol: "tcs") {
        symbol company { id } latestPrice { closePrice date } yearRange { highPrice }
        events { pastEvents { purpose } upcomingEvents { purpose } }
        priceSeries { period dates prices } candles { date closePrice }
        profitAndLoss { dateOfEndOfReportingPeriod profitLossForPeriod } balanceSheets { totalAssets } } }`,
    );
    const page = data.companyAnalysis;
    expect(page.symbol).toBe('TCS');
    expect(page.company).toBeNull();
    const tcs = rows
      .filter((row) => row.symbol === 'TCS' && row.series === 'EQ')
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    expect(page.candles.map((candle) => candle.date)).toEqual(tcs.map((row) => row.date));
    expect(page.latestPrice).toEqual({ closePrice: String(Number(tcs.at(-1)?.close)), date: '2020-03-31' });
    // the highest high of the month is the year's (only March is loaded)
    expect(Number(page.yearRange.highPrice)).toBe(Math.max(...tcs.map((row) => Number(row.high))));
    expect(page.priceSeries.map((series) => series.period)).toEqual(PERIODS);
    for (const series of page.priceSeries) {
      const rest = await stack.api.request<{ dates: string[]; prices: string[] }>(
        'GET',
        `/public/stock-prices/stock-prices-for-period?type=${series.period}&symbol=TCS`,
      );
      // the REST answer's coverage is not asked for here (market-coverage.test.ts asks for it)
      expect({ dates: series.dates, prices: series.prices }).toEqual({
        dates: rest.body.dates,
        prices: rest.body.prices,
      });
    }
    expect(page.events.pastEvents.map((event) => event.purpose)).toEqual(['Interim Dividend - Rs 5 Per Share']);
    expect(page.events.upcomingEvents.map((event) => event.purpose)).toEqual(['Special Dividend - Rs 67 Per Share']);
    expect(page.profitAndLoss).toHaveLength(8);
    expect(page.balanceSheets).toEqual([]);
  });
});
