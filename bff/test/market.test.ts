/**
 * Market reads and company writes through GraphQL against the real REST API: latest prices,
 * candles, period series, corporate actions, statements, the companies CRUD with the spec's
 * messages and roles, and the whole-response cache of public market queries (same answer, no
 * REST call, dropped by a company write and by a new upload).
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type GraphQLClient, type Stack } from './setup/stack.js';
import { upload } from '../../api/test/uploads/helpers.js';

const HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

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

describe('market through GraphQL', () => {
  let stack: Stack;
  let anonymous: GraphQLClient;
  let staff: GraphQLClient;
  let investor: GraphQLClient;
  let staffToken: string;
  const restCalls: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    anonymous = stack.client();
    staff = stack.client();
    await staff.login('staff', 'Staff@123');
    investor = stack.client();
    await investor.login('investor', 'Investor@123');
    staffToken = await stack.api.login('staff', 'Staff@123');
    // two days; PREVCLOSE of the second is the first close
    for (const [stamp, lines] of [
      [
        '30-MAR-2020',
        [
          'KESTREL,EQ,100,104,99,102.50,102.50,100,5000,512500,30-MAR-2020,40,,',
          'LARK,BE,20,21,19,20,20,20,100,2000,30-MAR-2020,3,,',
        ],
      ],
      [
        '31-MAR-2020',
        [
          'KESTREL,EQ,103,110,101,107.25,107.25,102.50,7000,750750,31-MAR-2020,50,,',
          'LARK,BE,20,20,18,18.5,18.5,20,100,1850,31-MAR-2020,3,,',
        ],
      ],
    ] as const) {
      const answer = await upload(
        stack.api,
        staffToken,
        'UPLOAD_STOCK_PRICE',
        `${stamp}.csv`,
        [HEADER, ...lines].join('\n'),
      );
      expect(answer.status, answer.text).toBe(200);
    }
    stack.api.app.server.on('request', (request: IncomingMessage) =>
      restCalls.push(`${request.method} ${request.url}`),
    );
  }, 300_000);
  afterAll(async () => stack?.close());

  async function ok<T>(client: GraphQLClient, query: string, variables?: Record<string, unknown>): Promise<T> {
    const result = await client.request<T>(query, variables);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data as T;
  }

  it('answers the latest prices with change per day (107.25 − 102.50 = 4.75, 4.63 %)', async () => {
    const data = await ok<{ stockPrices: Array<Record<string, string>> }>(
      anonymous,
      '{ stockPrices { symbol series date closePrice previousClose changePerDay changePercent volume } }',
    );
    // 4.75 ÷ 102.50 × 100 = 4.634… → 4.63; LARK 18.5 − 20 = −1.50, −7.50 %
    expect(data.stockPrices).toEqual([
      {
        symbol: 'KESTREL',
        series: 'EQ',
        date: '2020-03-31',
        closePrice: '107.25',
        previousClose: '102.50',
        changePerDay: '4.75',
        changePercent: '4.63',
        volume: '7000',
      },
      {
        symbol: 'LARK',
        series: 'BE',
        date: '2020-03-31',
        closePrice: '18.5',
        previousClose: '20',
        changePerDay: '-1.50',
        changePercent: '-7.50',
        volume: '100',
      },
    ]);
  });

  it('answers candles and period series', async () => {
    const data = await ok<{ candles: unknown[]; priceSeries: unknown }>(
      anonymous,
      '{ candles(symbol: "kestrel", from: "2020-03-31") { date openPrice highPrice lowPrice closePrice } priceSeries(symbol: "KESTREL", period: WEEKLY) { period dates prices } }',
    );
    expect(data.candles).toEqual([
      { date: '2020-03-31', openPrice: '103', highPrice: '110', lowPrice: '101', closePrice: '107.25' },
    ]);
    expect(data.priceSeries).toEqual({
      period: 'WEEKLY',
      dates: ['2020-03-30', '2020-03-31'],
      prices: ['102.50', '107.25'],
    });
  });

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

  it('lets staff add, edit and delete companies, with the spec’s messages', async () => {
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
    expect(blank.errors?.[0]).toMatchObject({
      message: 'Industry is required!',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    const edited = await ok<{ updateCompany: { industry: string } }>(
      staff,
      'mutation ($id: ID!, $input: CompanyInput!) { updateCompany(id: $id, input: $input) { industry } }',
      {
        id,
        input: { ...COMPANY, industry: 'Two-wheelers' },
      },
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

  it('answers a repeated public query from the response cache until the data changes', async () => {
    const query = '{ stockPrices { symbol closePrice } technicalAnalysis { asOf highs { weekly { symbol change } } } }';
    const first = await ok(anonymous, query);
    restCalls.length = 0;
    const second = await ok(investor, query);
    expect(second).toEqual(first);
    // nothing asked of the REST API but, at most, the data version
    expect(restCalls.filter((call) => !call.includes('/public/technical-analysis/state'))).toEqual([]);

    const answer = await upload(
      stack.api,
      staffToken,
      'UPLOAD_STOCK_PRICE',
      '01APR2020.csv',
      [HEADER, 'KESTREL,EQ,108,120,107,119,119,107.25,100,11900,01-APR-2020,9,,'].join('\n'),
    );
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const third = await ok<{
      stockPrices: Array<{ symbol: string; closePrice: string }>;
      technicalAnalysis: { asOf: string };
    }>(anonymous, query);
    expect(third.technicalAnalysis.asOf).toBe('2020-04-01');
    expect(third.stockPrices).toEqual([{ symbol: 'KESTREL', closePrice: '119' }]);
  });

  it('refuses a symbol that cannot be one before calling the REST API', async () => {
    const result = await anonymous.request('{ candles(symbol: "NO SUCH") { date } }');
    expect(result.errors?.[0]).toMatchObject({
      message: 'symbol must be an NSE symbol (letters, digits, & - _ . up to 50 characters)',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
