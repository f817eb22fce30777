/**
 * A tradebook and the alerts across HDFCBANK's 2019 split, through GraphQL over HTTP against the
 * real REST API (docs/product/portfolio.md#corporate-actions). Real data: HDFCBANK's EQ rows of the
 * bhavcopies of ../shared/data up to 18-Dec-2019 and the exchange's CF-CA-equities.csv, uploaded
 * through staff's real upload. Split ₹2 → ₹1 (factor 2) ex 19-Sep-2019. Worked by hand:
 *
 *   18-Sep-2019 BUY   5 @ 2,187.75 → 10 shares from the ex-date on
 *   20-Sep-2019 SELL 10 @ 1,199.60 → the lot, all of it: gross 11,996.00 − 10,938.75 = 1,057.25
 *   01-Oct-2019 BUY   2 at that day's close, held on D = 18-Dec-2019
 *
 * On D HDFCBANK closes at 1,292.35, above its adjusted 52-week high of 1,287.00 (the raw one is
 * 2,503.30, before the split): the alert says a new high.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLClient, useStack, expectBadUserInput } from './setup/stack.js';
import { createReference, insertPrices, type PriceRow } from '../../api/test/portfolio/helpers.js';
import { DATA_DIR, uploadRealCorporateActions } from '../../api/test/uploads/helpers.js';

const LAST = '2019-12-18';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** HDFCBANK's EQ rows of every bhavcopy up to LAST, read from the files. */
function readRows(): PriceRow[] {
  const folder = path.join(DATA_DIR, 'bhavcopy/legacy');
  const rows: PriceRow[] = [];
  for (const name of fs.readdirSync(folder)) {
    const match = /^(\d\d)([A-Z]{3})(\d{4})\.csv$/.exec(name);
    if (!match) continue;
    const date = `${match[3]}-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[1]}`;
    if (date > LAST) continue;
    const line = fs
      .readFileSync(path.join(folder, name), 'utf8')
      .split('\n')
      .find((row) => row.startsWith('HDFCBANK,EQ,'));
    if (!line) continue;
    const cells = line.split(',');
    rows.push({ symbol: 'HDFCBANK', date, high: cells[3]!, low: cells[4]!, close: cells[5]! });
  }
  return rows;
}

const ROWS = readRows();
const closeOn = (date: string) => ROWS.find((row) => row.date === date)!.close;

interface ImportResult {
  accepted: boolean;
  buys: number;
  sells: number;
  problems: Array<{ line: number; message: string }>;
  holdings: Array<{
    symbol: string;
    quantity: number;
    tradedQuantity: number;
    status: string;
    profitLoss: { invested: string; gross: string | null };
  }>;
}

describe('tradebook and alerts across a split (GraphQL, real data)', () => {
  const stack = useStack();
  let investor: GraphQLClient;
  let ref: Awaited<ReturnType<typeof createReference>>;

  async function importFile(content: string): Promise<ImportResult> {
    const query = `mutation ($input: TradebookImportInput!) { importTradebook(input: $input) {
      accepted buys sells problems { line message }
      holdings { symbol quantity tradedQuantity status profitLoss { invested gross } } } }`;
    const form = new FormData();
    const input = { file: null, brokerageFirm: ref.firm.name, segmentName: ref.segment.name };
    form.append('operations', JSON.stringify({ query, variables: { input } }));
    form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    form.append('0', new Blob([content], { type: 'text/csv' }), 'tradebook.csv');
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', cookie: investor.cookie()! },
      body: form,
    });
    const body = (await response.json()) as { data?: { importTradebook: ImportResult }; errors?: unknown };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data!.importTradebook;
  }

  beforeAll(async () => {
    investor = await stack.clientAs('investor');
    const staffToken = await stack.api.login('staff', 'Staff@123');
    const actions = await uploadRealCorporateActions(stack.api, staffToken);
    expect(actions.status, actions.text).toBeLessThan(300);
    await insertPrices(stack.api, ROWS);
    ref = await createReference(stack.api, staffToken, 'Bff Splits');
  }, 600_000);

  it('a sell of 10 after the split closes the 5 bought before it; P&L as worked by hand', async () => {
    const result = await importFile(
      [
        'date,symbol,side,quantity,price,exchange,trade_id',
        `2019-09-18,HDFCBANK,BUY,5,${closeOn('2019-09-18')},NSE,S1`,
        `2019-09-20,HDFCBANK,SELL,10,${closeOn('2019-09-20')},NSE,S2`,
        `2019-10-01,HDFCBANK,BUY,2,${closeOn('2019-10-01')},NSE,S3`,
      ].join('\n'),
    );
    expect(result).toMatchObject({ accepted: true, buys: 2, sells: 1, problems: [] });
    expect(result.holdings).toMatchObject([
      {
        symbol: 'HDFCBANK',
        status: 'REALIZED',
        quantity: 10,
        tradedQuantity: 5,
        profitLoss: { invested: '10938.75', gross: '1057.25' },
      },
      { symbol: 'HDFCBANK', status: 'UNREALIZED', quantity: 2, tradedQuantity: 2 },
    ]);
  });

  it('portfolioAlerts: a new 52-week high of adjusted prices', async () => {
    const result = await investor.request<{
      portfolioAlerts: Array<{ kind: string; symbol: string; message: string }>;
    }>('{ portfolioAlerts { kind symbol message } }');
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.data!.portfolioAlerts.filter((alert) => alert.kind.startsWith('NEW_52_WEEK'))).toEqual([
      {
        kind: 'NEW_52_WEEK_HIGH',
        symbol: 'HDFCBANK',
        message: 'HDFCBANK closed at ₹1,292.35 on 2019-12-18, above its 52-week high of ₹1,287.00.',
      },
    ]);
  });

  it('capitalGains: the tax view of the same trades, FIFO across the split, as REST answers it', async () => {
    // the 5 bought @2,187.75 on 18-Sep-2019 are 10 after the split; sold @1,199.60 on 20-Sep: short term,
    // 11,996.00 − 10,938.75 = 1,057.25 (no charges at this firm); FY 2019-20 short term 15 %: 158.5875 → ₹158.59
    const query = `query ($year: String!) { capitalGains(financialYear: $year) {
      financialYear exits { symbol category quantity buyDate sellDate buyValue sellValue costOfAcquisition gain holdingDays bonus }
      summary { shortTermGain estimatedTax } yearsWithSales openLots { symbol quantity acquired } } }`;
    const answer = await investor.request(query, { year: '2019-20' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      capitalGains: {
        financialYear: '2019-20',
        exits: [
          {
            symbol: 'HDFCBANK',
            category: 'SHORT_TERM',
            quantity: '10',
            buyDate: '2019-09-18',
            sellDate: '2019-09-20',
            buyValue: '10938.75',
            sellValue: '11996',
            costOfAcquisition: '10938.75',
            gain: '1057.25',
            holdingDays: 2,
            bonus: false,
          },
        ],
        summary: { shortTermGain: '1057.25', estimatedTax: '158.59' },
        yearsWithSales: ['2019-20'],
        openLots: [{ symbol: 'HDFCBANK', quantity: '2', acquired: '2019-10-01' }],
      },
    });
    const bad = await investor.request(query, { year: '2019-2020' });
    expectBadUserInput(
      bad,
      "financialYear '2019-2020' is not a financial year: write it as 2024-25 (1 April 2024 to 31 March 2025)",
    );
    const anonymous = await stack.client().request(query, { year: '2019-20' });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('benchmark: the holdings against NIFTY 50 TRI through GraphQL, as REST computes them', async () => {
    const staffToken = await stack.api.login('staff', 'Staff@123');
    const form = new FormData();
    form.append(
      'file',
      new Blob([fs.readFileSync(path.join(DATA_DIR, 'indices/nifty50_tri/nifty50_tri.csv'))]),
      'tri.csv',
    );
    const uploaded = await stack.api.request('POST', '/insight/staff/uploads/index-prices', {
      token: staffToken,
      body: form,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const query = `{ benchmark { index valuedOn portfolioXirr indexXirr periods { period } warnings
      series { date portfolioValue } holdings { symbol endDate } } }`;
    const answer = await investor.request<{
      benchmark: {
        index: string;
        valuedOn: string;
        periods: Array<{ period: string }>;
        warnings: string[];
        series: Array<{ date: string; portfolioValue: string }>;
        holdings: Array<{ symbol: string; endDate: string }>;
      };
    }>(query);
    expect(answer.errors).toBeUndefined();
    const rest = await stack.api.request<{ portfolioXirr: string; indexXirr: string; series: unknown[] }>(
      'GET',
      '/user/portfolio/benchmark',
      { token: await stack.api.login('investor', 'Investor@123') },
    );
    expect(answer.data?.benchmark).toMatchObject({
      index: 'NIFTY 50 TRI',
      valuedOn: LAST,
      portfolioXirr: rest.body.portfolioXirr,
      indexXirr: rest.body.indexXirr,
      warnings: [],
    });
    expect(answer.data?.benchmark.periods.map((row) => row.period)).toEqual(['P1M', 'P3M', 'P6M', 'P1Y', 'FY', 'ALL']);
    expect(answer.data?.benchmark.series).toHaveLength(rest.body.series.length);
    // the sold lot ends on its selling date, the open one on D
    expect(answer.data?.benchmark.holdings).toEqual([
      { symbol: 'HDFCBANK', endDate: '2019-09-20' },
      { symbol: 'HDFCBANK', endDate: LAST },
    ]);
  });
});
