/**
 * Uploads through GraphQL, over HTTP, against the real REST API: the GraphQL multipart request
 * (as apollo-upload-client sends it) streamed on to /insight, the types list, the calendar, the
 * history, errors with row details, the size limit and the market cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sendMultipart,
  sendUpload,
  startStack,
  type GraphQLClient,
  type GraphQLResult,
  type Stack,
} from './setup/stack.js';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/nse');
const BHAVCOPY = fs.readFileSync(path.join(DATA, 'bhavcopy/legacy/31MAR2020.csv'));

const UPLOAD = `mutation Upload($type: UploadType!, $file: Upload!) {
  uploadMarketData(type: $type, file: $file) { message uploadId type fileName fileFormat layout rowsInFile inserted updated unchanged deleted dates durationMs }
}`;

interface UploadData {
  uploadMarketData: {
    message: string;
    type: string;
    rowsInFile: number;
    inserted: number;
    unchanged: number;
    dates: string[];
    fileFormat: string;
  };
}

/** The upload mutation with this file, as the web app sends it (multipart, the session cookie). */
async function uploadFile(
  stack: Stack,
  client: GraphQLClient,
  type: string,
  fileName: string,
  content: Uint8Array | string,
): Promise<GraphQLResult<UploadData>> {
  return sendUpload<UploadData>(stack, client, UPLOAD, type, { name: fileName, content });
}

describe('uploads through GraphQL', () => {
  let stack: Stack;
  let staff: GraphQLClient;

  beforeAll(async () => {
    // the BFF's own limit (1 MB) is below the API's (50 MB): the BFF must stop big files itself
    stack = await startStack({ bff: { uploadMaxBytes: 1024 * 1024 } });
    staff = await stack.clientAs('staff');
  });
  afterAll(async () => stack.close());

  it('lists the seven upload types in readable words', async () => {
    const result = await staff.request<{
      uploadTypes: Array<{ type: string; label: string; acceptedFormats: string[]; templateFileName: string | null }>;
    }>('{ uploadTypes { type label acceptedFormats templateFileName layouts { id columns } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.uploadTypes.map((type) => [type.type, type.label])).toEqual([
      ['UPLOAD_CORPORATE_ACTIONS', 'Upload Corporate Actions'],
      ['UPLOAD_STOCK_PRICE', 'Upload Stock Price'],
      ['UPLOAD_STOCK', 'Upload Stock'],
      ['UPLOAD_FINANCIAL_STATEMENT', 'Upload Financial Statement'],
      ['UPLOAD_FINANCIAL_REPORT', 'Upload Financial Report'],
      ['UPLOAD_UPDATE_COMPANY_PROFILE', 'Upload Update Company Profile'],
      ['UPLOAD_INDEX_PRICES', 'Upload Index Prices'],
    ]);
    expect(result.data?.uploadTypes.find((type) => type.type === 'UPLOAD_FINANCIAL_STATEMENT')?.templateFileName).toBe(
      'balance-sheet-template.csv',
    );
  });

  it('uploads a bhavcopy: the answer, the calendar and the history agree', async () => {
    // something cached from the public market reads before the upload…
    await stack.bff.caches.market.get('probe', async () => 'before');
    const result = await uploadFile(stack, staff, 'UPLOAD_STOCK_PRICE', '31MAR2020.csv', BHAVCOPY);
    expect(result.errors).toBeUndefined();
    // 1,953 lines: header + 1,952 rows
    expect(result.data?.uploadMarketData).toMatchObject({
      message: 'Stock prices: 1,952 rows for 2020-03-31 (1,952 new, 0 replaced)',
      type: 'UPLOAD_STOCK_PRICE',
      rowsInFile: 1952,
      inserted: 1952,
      dates: ['2020-03-31'],
      fileFormat: 'csv',
    });
    // …is gone after it
    expect(await stack.bff.caches.market.get('probe', async () => 'after')).toBe('after');

    const calendar = await staff.request<{
      uploadedDates: string[];
      uploadedDateCounts: Array<{ date: string; rowCount: number }>;
    }>('{ uploadedDates uploadedDateCounts { date rowCount } }');
    expect(calendar.data).toEqual({
      uploadedDates: ['2020-03-31'],
      uploadedDateCounts: [{ date: '2020-03-31', rowCount: 1952 }],
    });
    const history = await staff.request<{
      uploadHistory: {
        total: number;
        items: Array<{ type: string; fileName: string; uploadedBy: string; rowsInserted: number; fileSha256: string }>;
      };
    }>('{ uploadHistory(limit: 5) { total items { type fileName uploadedBy rowsInserted fileSha256 uploadedAt } } }');
    expect(history.data?.uploadHistory.total).toBe(1);
    expect(history.data?.uploadHistory.items[0]).toMatchObject({
      type: 'UPLOAD_STOCK_PRICE',
      fileName: '31MAR2020.csv',
      uploadedBy: 'staff',
      rowsInserted: 1952,
    });
    const { createHash } = await import('node:crypto');
    expect(history.data?.uploadHistory.items[0]?.fileSha256).toBe(createHash('sha256').update(BHAVCOPY).digest('hex'));
  });

  it('changes nothing on the same file again', async () => {
    const result = await uploadFile(stack, staff, 'UPLOAD_STOCK_PRICE', '31MAR2020.csv', BHAVCOPY);
    expect(result.data?.uploadMarketData.message).toBe(
      'Stock prices: 1,952 rows for 2020-03-31 (0 new, 0 replaced, 1,952 unchanged)',
    );
  });

  it('answers a rejected file with the server message and the row problems', async () => {
    const lines = BHAVCOPY.toString('utf8').split('\n');
    lines[100] = lines[100]!.replace(/^([^,]*,[^,]*,)[^,]*/, '$1abc');
    const result = await uploadFile(stack, staff, 'UPLOAD_STOCK_PRICE', 'bad.csv', lines.join('\n'));
    expect(result.data).toBeNull();
    const error = result.errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.extensions?.status).toBe(400);
    expect(error?.message).toContain("line 101, column OPEN: 'abc' is not a number");
    expect(error?.extensions?.details).toMatchObject({
      problemCount: 1,
      problems: [{ line: 101, column: 'OPEN', message: "'abc' is not a number of zero or more" }],
    });
  });

  it('stops a file larger than the limit', async () => {
    const big = Buffer.concat([BHAVCOPY, Buffer.alloc(1024 * 1024, 0x41)]);
    const result = await uploadFile(stack, staff, 'UPLOAD_STOCK_PRICE', 'big.csv', big);
    expect(result.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.errors?.[0]?.message).toBe('The file is larger than the 1 MB upload limit');
    const history = await staff.request<{ uploadHistory: { total: number } }>('{ uploadHistory { total } }');
    expect(history.data?.uploadHistory.total).toBe(2);
  });

  it("checks the history's page size with the REST API's words", async () => {
    const result = await staff.request('{ uploadHistory(limit: 201) { total } }');
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.message).toBe('limit must be at most 200');
  });

  it('refuses investors (FORBIDDEN) and anonymous callers (UNAUTHENTICATED)', async () => {
    const investor = await stack.clientAs('investor');
    const asInvestor = await uploadFile(stack, investor, 'UPLOAD_STOCK_PRICE', '31MAR2020.csv', BHAVCOPY);
    expect(asInvestor.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const types = await investor.request('{ uploadTypes { type } }');
    expect(types.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // the role is checked before the page size: an out-of-range limit still hears FORBIDDEN
    const investorHistory = await investor.request('{ uploadHistory(limit: 0) { total } }');
    expect(investorHistory.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await uploadFile(stack, stack.client(), 'UPLOAD_STOCK_PRICE', '31MAR2020.csv', BHAVCOPY);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('offers the balance-sheet template, and none for the NSE layouts', async () => {
    const result = await staff.request<{
      statement: { fileName: string; contentType: string; content: string } | null;
      prices: null;
    }>(
      '{ statement: uploadTemplate(type: UPLOAD_FINANCIAL_STATEMENT) { fileName contentType content } prices: uploadTemplate(type: UPLOAD_STOCK_PRICE) { fileName } }',
    );
    expect(result.data?.prices).toBeNull();
    expect(result.data?.statement?.fileName).toBe('balance-sheet-template.csv');
    expect(result.data?.statement?.content.split('\n')[0]).toBe(
      'Symbol,NatureOfReportStandaloneConsolidated,DateOfEndOfReportingPeriod,NonCurrentAssets,CurrentAssets,Assets,EquityShareCapital,OtherEquity,Equity,NonControllingInterest,NonCurrentLiabilities,CurrentLiabilities,Liabilities,EquityAndLiabilities',
    );
    // the template itself uploads cleanly
    const uploaded = await uploadFile(
      stack,
      staff,
      'UPLOAD_FINANCIAL_STATEMENT',
      'balance-sheet-template.csv',
      result.data!.statement!.content,
    );
    expect(uploaded.data?.uploadMarketData.message).toBe(
      'Balance sheets: 2 balance sheets for 1 company (2 new, 0 replaced)',
    );
  });

  it('uploads index prices naming the index, and answers the indices and their closes', async () => {
    // the real NIFTY 50 closes of 2019 (NSE's historical layout re-saved: 2-Jan-19); 2-Jan-2019 closed at 10,792.50
    const file = fs.readFileSync(path.join(DATA, 'indices/nifty50_price/2019.csv'));
    const uploaded = await sendMultipart<{ uploadMarketData: { message: string; type: string } }>(
      stack,
      staff,
      {
        query:
          'mutation ($file: Upload!) { uploadMarketData(type: UPLOAD_INDEX_PRICES, file: $file, index: "Nifty 50") { message type } }',
        variables: { file: null },
      },
      { 0: ['variables.file'] },
      { 0: { name: '2019.csv', content: file, type: 'text/csv' } },
    );
    expect(uploaded.errors).toBeUndefined();
    expect(uploaded.data?.uploadMarketData).toEqual({
      type: 'UPLOAD_INDEX_PRICES',
      message: 'Index prices: 245 closes of NIFTY 50 for 245 dates from 2019-01-01 to 2019-12-31 (245 new, 0 replaced)',
    });
    const anonymous = stack.client();
    const read = await anonymous.request<{ indices: unknown[]; indexCloses: Array<{ date: string; close: string }> }>(
      '{ indices { name firstDate lastDate days } indexCloses(name: "nifty 50", from: "2019-01-02", to: "2019-01-03") { date close } }',
    );
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({
      indices: [{ name: 'NIFTY 50', firstDate: '2019-01-01', lastDate: '2019-12-31', days: 245 }],
      indexCloses: [
        { date: '2019-01-02', close: '10792.5' },
        { date: '2019-01-03', close: '10672.25' },
      ],
    });
    const unknown = await anonymous.request('{ indexCloses(name: "NIFTY BANK") { date } }');
    expect(unknown.errors?.[0]).toMatchObject({
      message: "No closes of the index 'NIFTY BANK' are loaded",
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
