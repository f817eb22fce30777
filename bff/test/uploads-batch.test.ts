/**
 * uploadStockPriceBatch over HTTP against the real REST API (docs/product/uploads.md#bulk-backfill):
 * several files in one GraphQL multipart request (files.0, files.1…), streamed on to the batch
 * endpoint; a broken file refused alone with its reason; the BFF's per-request limits (files,
 * bytes in all, one file for the single-upload mutation).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendMultipart, type GraphQLClient, type GraphQLResult, type Stack, useStack } from './setup/stack.js';

const LEGACY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/nse/bhavcopy/legacy');
const read = (name: string) => fs.readFileSync(path.join(LEGACY, name));

const BATCH = `mutation Batch($files: [Upload!]!) {
  uploadStockPriceBatch(files: $files) {
    message loaded refused skipped rows dates
    files { file archive date lastDate rows status reason message uploadId inserted problems { line column message } }
  }
}`;

interface BatchData {
  uploadStockPriceBatch: {
    message: string;
    loaded: number;
    refused: number;
    skipped: number;
    rows: number;
    dates: string[];
    files: Array<{
      file: string;
      date: string | null;
      rows: number | null;
      status: string;
      reason: string | null;
      uploadId: string | null;
      inserted: number;
      problems: Array<{ line: number; column: string; message: string }>;
    }>;
  };
}

/** The GraphQL multipart request with one part per file, mapped to variables.files.N. */
async function sendBatch(
  stack: Stack,
  client: GraphQLClient | null,
  files: Array<{ name: string; bytes: Uint8Array }>,
): Promise<GraphQLResult<BatchData>> {
  return sendMultipart<BatchData>(
    stack,
    client ?? undefined,
    { query: BATCH, variables: { files: files.map(() => null) } },
    Object.fromEntries(files.map((_, index) => [index, [`variables.files.${index}`]])),
    Object.fromEntries(files.map((file, index) => [index, { name: file.name, content: file.bytes, type: 'text/csv' }])),
  );
}

const dataRows = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length - 1;

describe('uploadStockPriceBatch through GraphQL', () => {
  const stack = useStack({
    bff: { uploadMaxFiles: 20, uploadMaxBytes: 300 * 1024, uploadMaxBatchBytes: 2 * 1024 * 1024 },
  });
  let staff: GraphQLClient;

  beforeAll(async () => {
    staff = await stack.clientAs('staff');
  });

  it('loads the good files in date order and refuses the broken one alone', async () => {
    const names = ['04JAN2019.csv', '02JAN2019.csv', '03JAN2019.csv'];
    const broken = read('07JAN2019.csv').toString('utf8').split('\n');
    broken[4] = broken[4]!.replace(/^([^,]*,[^,]*,)[^,]*/, '$1abc'); // OPEN of line 5
    const result = await sendBatch(stack, staff, [
      ...names.map((name) => ({ name, bytes: read(name) })),
      { name: '07JAN2019.csv', bytes: Buffer.from(broken.join('\n'), 'utf8') },
    ]);
    expect(result.errors).toBeUndefined();
    const batch = result.data!.uploadStockPriceBatch;
    const sorted = ['02JAN2019.csv', '03JAN2019.csv', '04JAN2019.csv'];
    expect(batch.files.map((file) => [file.file, file.date, file.status])).toEqual([
      ['02JAN2019.csv', '2019-01-02', 'OK'],
      ['03JAN2019.csv', '2019-01-03', 'OK'],
      ['04JAN2019.csv', '2019-01-04', 'OK'],
      ['07JAN2019.csv', '2019-01-07', 'REFUSED'],
    ]);
    expect(batch.files.slice(0, 3).map((file) => file.rows)).toEqual(sorted.map((name) => dataRows(read(name))));
    expect(batch.files[3]).toMatchObject({
      rows: null,
      uploadId: null,
      reason:
        "The stock price file was not loaded: line 5, column OPEN: 'abc' is not a number of zero or more. Nothing was saved.",
      problems: [{ line: 5, column: 'OPEN', message: "'abc' is not a number of zero or more" }],
    });
    expect(batch).toMatchObject({
      loaded: 3,
      refused: 1,
      skipped: 0,
      dates: ['2019-01-02', '2019-01-03', '2019-01-04'],
    });

    const calendar = await staff.request<{ uploadedDates: string[] }>('{ uploadedDates }');
    expect(calendar.data?.uploadedDates).toEqual(['2019-01-02', '2019-01-03', '2019-01-04']);
  });

  it('skips files already loaded', async () => {
    const result = await sendBatch(stack, staff, [{ name: '02JAN2019.csv', bytes: read('02JAN2019.csv') }]);
    expect(result.data?.uploadStockPriceBatch.files.map((file) => [file.status, file.uploadId !== null])).toEqual([
      ['SKIPPED', true],
    ]);
    expect(result.data?.uploadStockPriceBatch.message).toBe('1 file: 0 loaded (0 rows), 0 refused, 1 already loaded');
  });

  it("keeps the BFF's limits per request: files, bytes in all, one file for other mutations", async () => {
    const tiny = Array.from({ length: 21 }, (_, index) => ({ name: `f${index}.csv`, bytes: Buffer.from('x') }));
    const tooMany = await sendBatch(stack, staff, tiny);
    expect(tooMany.status).toBe(413);
    expect(tooMany.data).toBeNull();

    // 13 real files of about 170 kB: each within the file limit, over 2 MB together
    const names = fs
      .readdirSync(LEGACY)
      .filter((name) => name.endsWith('FEB2019.csv'))
      .slice(0, 13);
    const tooBig = await sendBatch(
      stack,
      staff,
      names.map((name) => ({ name, bytes: read(name) })),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.errors?.[0]?.message).toBe(
      'The upload is larger than the 2 MB a request may carry; send the files in several batches',
    );

    // the single-file mutation keeps its one file, whatever the map says
    const single = await sendMultipart(
      stack,
      staff,
      {
        query: 'mutation ($file: Upload!) { uploadMarketData(type: UPLOAD_STOCK_PRICE, file: $file) { message } }',
        variables: { file: null },
      },
      { 0: ['variables.file'], 1: ['extensions.more'] },
      {
        0: { name: '08JAN2019.csv', content: read('08JAN2019.csv') },
        1: { name: '09JAN2019.csv', content: read('09JAN2019.csv') },
      },
    );
    expect(single.status).toBe(413);
    const calendar = await staff.request<{ uploadedDates: string[] }>('{ uploadedDates }');
    expect(calendar.data?.uploadedDates).toEqual(['2019-01-02', '2019-01-03', '2019-01-04']);
  });

  it('refuses investors (FORBIDDEN) and anonymous callers (UNAUTHENTICATED)', async () => {
    const investor = await stack.clientAs('investor');
    const files = [{ name: '08JAN2019.csv', bytes: read('08JAN2019.csv') }];
    expect((await sendBatch(stack, investor, files)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await sendBatch(stack, null, files)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
