/**
 * The exchange's equity list has no industry (docs/product/uploads.md#industries): the real EQUITY_L.csv is uploaded
 * first, every company without one, then the two real index constituent lists of ../shared/data as Update Company
 * Profile: Nifty 500 of October 2019 (CRLF lines, upper-case industries) and Nifty Total Market of April 2024 (LF
 * lines, new industry names, symbols the equity list does not have, e.g. AEGISCHEM). Expected industries and counts are read
 * from the files here with a plain comma split (neither file quotes a cell), never from the app's answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApi, useApi } from '../setup/test-api.js';
import { dataFile, expectAccepted, plainCsvRows, sqlRows, uploadDataFile } from './helpers.js';

const fmt = (value: number) => value.toLocaleString('en-US');

/** symbol → industry of an index constituent list (Company Name,Industry,Symbol,Series,ISIN Code). */
function industriesOf(file: string): Map<string, string> {
  const [header, ...rows] = plainCsvRows(dataFile(file).toString('utf8'));
  expect(header).toEqual(['Company Name', 'Industry', 'Symbol', 'Series', 'ISIN Code']);
  return new Map(rows.map((row) => [row[2]!, row[1]!]));
}

async function industryOf(api: TestApi, symbol: string): Promise<string | null | undefined> {
  const rows = await sqlRows<{ industry: string | null }>(
    api.handle,
    `SELECT industry FROM companies WHERE symbol = '${symbol}'`,
  );
  return rows[0]?.industry;
}

describe('industries from the real index constituent lists, after the real equity list', () => {
  const api = useApi();
  let staff: string;
  const listed = plainCsvRows(dataFile('equity_list/EQUITY_L.csv').toString('utf8'))
    .slice(1)
    .map((row) => row[0]!);
  const nifty500 = industriesOf('industry/2019-10/ind_nifty500list.csv');
  const totalMarket = industriesOf('industry/2024-04/ind_niftytotalmarket_list.csv');

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
  });

  it('the equity list alone leaves every company it names without an industry', async () => {
    const answer = await uploadDataFile(api, staff, 'UPLOAD_STOCK', 'equity_list/EQUITY_L.csv');
    expect(answer.status).toBe(200);
    const [counts] = await sqlRows<{ total: number | string; classified: number | string }>(
      api.handle,
      `SELECT count(*) AS total, count(industry) AS classified FROM companies WHERE symbol IN (${listed
        .map((symbol) => `'${symbol.replaceAll("'", "''")}'`)
        .join(',')})`,
    );
    expect(Number(counts!.total)).toBe(listed.length);
    expect(Number(counts!.classified)).toBe(0);
  });

  it('Nifty 500 (October 2019, CRLF) gives its 501 companies their industries', async () => {
    expect(nifty500.size).toBe(501);
    const known = [...nifty500.keys()].filter((symbol) => listed.includes(symbol)).length;
    const answer = await uploadDataFile(
      api,
      staff,
      'UPLOAD_UPDATE_COMPANY_PROFILE',
      'industry/2019-10/ind_nifty500list.csv',
    );
    expectAccepted(
      answer,
      `Company profiles: ${fmt(nifty500.size)} companies (${fmt(nifty500.size - known)} new, ${fmt(known)} replaced)`,
    );
    // ACC Ltd.,CEMENT & CEMENT PRODUCTS,ACC,EQ,INE012A01025 and 3M India Ltd.,SERVICES,3MINDIA,EQ,INE470A01017
    expect(await industryOf(api, 'ACC')).toBe('CEMENT & CEMENT PRODUCTS');
    expect(await industryOf(api, '3MINDIA')).toBe('SERVICES');
    for (const symbol of ['RELIANCE', 'INFY', 'HDFCBANK', 'TATASTEEL'])
      expect(await industryOf(api, symbol)).toBe(nifty500.get(symbol));
    // a listed company outside the Nifty 500 still has none: 20MICRONS
    expect(nifty500.has('20MICRONS')).toBe(false);
    expect(await industryOf(api, '20MICRONS')).toBeNull();
  });

  it('Nifty Total Market (April 2024, LF) parses too: its industries replace the older ones', async () => {
    expect(totalMarket.size).toBe(751);
    const [before] = await sqlRows<{ n: number | string }>(api.handle, 'SELECT count(*) AS n FROM companies');
    const symbols = [...totalMarket.keys()];
    const [present] = await sqlRows<{ n: number | string }>(
      api.handle,
      `SELECT count(*) AS n FROM companies WHERE symbol IN (${symbols.map((symbol) => `'${symbol}'`).join(',')})`,
    );
    const known = Number(present!.n);
    const answer = await uploadDataFile(
      api,
      staff,
      'UPLOAD_UPDATE_COMPANY_PROFILE',
      'industry/2024-04/ind_niftytotalmarket_list.csv',
    );
    expectAccepted(
      answer,
      `Company profiles: ${fmt(totalMarket.size)} companies (${fmt(totalMarket.size - known)} new, ${fmt(known)} replaced)`,
    );
    // 3M India Ltd.,Diversified,3MINDIA,EQ,INE470A01017 (SERVICES in 2019)
    expect(await industryOf(api, '3MINDIA')).toBe('Diversified');
    // 360 ONE WAM Ltd.,Financial Services,360ONE: a symbol the equity list has too
    expect(await industryOf(api, '360ONE')).toBe('Financial Services');
    // a symbol the equity list does not have is created with its industry
    const unlisted = symbols.find((symbol) => !listed.includes(symbol) && !nifty500.has(symbol));
    expect(unlisted).toBeDefined();
    expect(await industryOf(api, unlisted!)).toBe(totalMarket.get(unlisted!));
    for (const symbol of ['RELIANCE', 'INFY', 'HDFCBANK'])
      expect(await industryOf(api, symbol)).toBe(totalMarket.get(symbol));
    // a Nifty 500 company of 2019 absent from the 2024 list keeps its 2019 industry
    const dropped = [...nifty500.keys()].find((symbol) => !totalMarket.has(symbol))!;
    expect(await industryOf(api, dropped)).toBe(nifty500.get(dropped));
    const [after] = await sqlRows<{ n: number | string }>(api.handle, 'SELECT count(*) AS n FROM companies');
    expect(Number(after!.n) - Number(before!.n)).toBe(totalMarket.size - known);
  });
});
