/**
 * Bulk backfill over REST (docs/product/uploads.md#bulk-backfill): POST /insight/staff/uploads/stock-prices/batch
 * with 20 real daily bhavcopies, a zip of 5 more built here (one of them an NSE-style daily zip
 * inside it) and one broken file. Expected dates and row counts come from the files themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, UploadBatchResultDto } from '@bazaar/shared/contract';
import { isAnalysisCurrent } from '../../src/db/queries/market/analysis-state.js';
import { DEMO, useApi } from '../setup/test-api.js';
import {
  buildZip,
  DATA_DIR,
  dataFile,
  marketFingerprint,
  plainCsvRows,
  recordDataChanged,
  type DataChanged,
} from './helpers.js';

const BATCH = '/insight/staff/uploads/stock-prices/batch';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 02JAN2019.csv → 2019-01-02, by hand. */
function nameDate(name: string): string {
  const month = String(MONTHS.indexOf(name.slice(2, 5)) + 1).padStart(2, '0');
  return `${name.slice(5, 9)}-${month}-${name.slice(0, 2)}`;
}

/** The legacy bhavcopies in trade-date order. */
const LEGACY = fs
  .readdirSync(path.join(DATA_DIR, 'bhavcopy/legacy'))
  .filter((name) => name.endsWith('.csv'))
  .sort((a, b) => nameDate(a).localeCompare(nameDate(b)));

const dataRows = (bytes: Buffer) => plainCsvRows(bytes.toString('utf8')).length - 1;

type Answer = UploadBatchResultDto & ErrorBody;

function batchForm(files: Array<{ name: string; bytes: Uint8Array }>): FormData {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes]), file.name);
  return form;
}

describe('batch upload of stock prices', () => {
  const api = useApi({ config: { uploadMaxUncompressedBytes: 2 * 1024 * 1024, uploadBatchMaxFiles: 30 } });
  let staff: string;
  const events: DataChanged[] = [];

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    recordDataChanged(api, events);
  });

  const daily = LEGACY.slice(0, 20);
  const zipped = LEGACY.slice(21, 26);
  const broken = LEGACY[20]!;

  it('loads 20 files and a zip of 5 in date order, refuses the broken one alone, refreshes once', async () => {
    const brokenLines = dataFile(`bhavcopy/legacy/${broken}`).toString('utf8').split('\n');
    const fields = brokenLines[2]!.split(',');
    fields[5] = 'abc'; // CLOSE of the second data row (line 3)
    brokenLines[2] = fields.join(',');
    const [nested, ...plain] = zipped;
    const archive = buildZip([
      // NSE's own daily download: cmDDMONYYYYbhav.csv inside cmDDMONYYYYbhav.csv.zip
      {
        name: `cm${nested!.replace('.csv', '')}bhav.csv.zip`,
        data: buildZip([
          { name: `cm${nested!.replace('.csv', '')}bhav.csv`, data: dataFile(`bhavcopy/legacy/${nested}`) },
        ]),
      },
      ...plain.map((name) => ({ name: `2019/${name}`, data: dataFile(`bhavcopy/legacy/${name}`) })),
    ]);
    // sent out of order: the answer is in date order
    const sent = [
      { name: 'backfill.zip', bytes: archive },
      ...[...daily].reverse().map((name) => ({ name, bytes: dataFile(`bhavcopy/legacy/${name}`) })),
      { name: broken, bytes: Buffer.from(brokenLines.join('\n'), 'utf8') },
    ];

    const answer = await api.request<Answer>('POST', BATCH, { token: staff, body: batchForm(sent) });
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body;

    const all = [...daily, broken, ...zipped];
    expect(body.files.map((file) => file.date)).toEqual(all.map(nameDate));
    expect(body.files.map((file) => file.status)).toEqual(all.map((name) => (name === broken ? 'refused' : 'ok')));
    const good = [...daily, ...zipped];
    const expectedRows = good.map((name) => dataRows(dataFile(`bhavcopy/legacy/${name}`)));
    expect(body.files.filter((file) => file.status === 'ok').map((file) => file.rows)).toEqual(expectedRows);
    expect(body.files.filter((file) => file.status === 'ok').map((file) => file.inserted)).toEqual(expectedRows);

    const refused = body.files.find((file) => file.status === 'refused')!;
    expect(refused.file).toBe(broken);
    expect(refused.archive).toBeNull();
    expect(refused.reason).toBe(
      "The stock price file was not loaded: line 3, column CLOSE: 'abc' is not a number of zero or more. Nothing was saved.",
    );
    expect(refused.problems).toEqual([{ line: 3, column: 'CLOSE', message: expect.stringContaining("'abc'") }]);
    expect(refused.uploadId).toBeNull();

    const fromZip = body.files.filter((file) => file.archive === 'backfill.zip').map((file) => file.file);
    expect(fromZip).toEqual([`cm${nested!.replace('.csv', '')}bhav.csv`, ...plain]);

    expect(body).toMatchObject({
      loaded: 25,
      refused: 1,
      skipped: 0,
      rows: expectedRows.reduce((sum, rows) => sum + rows, 0),
      dates: good.map(nameDate),
    });
    expect(body.message).toBe(
      `26 files: 25 loaded (${body.rows.toLocaleString('en-US')} rows), 1 refused, 0 already loaded`,
    );

    // ONE refresh for the batch, with every good day, and done before the answer
    expect(events).toEqual([{ uploadType: 'UPLOAD_STOCK_PRICE', dates: good.map(nameDate) }]);
    expect(await isAnalysisCurrent(api.app.db)).toBe(true);

    // the calendar marks every good day, and not the refused one
    const calendar = await api.request<string[]>('GET', '/insight/staff/uploads/stock-price/uploaded-dates', {
      token: staff,
    });
    expect(calendar.body).toEqual(good.map(nameDate));
  });

  it('skips files already loaded (by SHA-256), writes nothing and refreshes nothing', async () => {
    const before = await marketFingerprint(api.handle);
    const eventsBefore = events.length;
    const again = daily
      .slice(0, 3)
      .map((name) => ({ name: `copy-of-${name}`, bytes: dataFile(`bhavcopy/legacy/${name}`) }));
    const answer = await api.request<Answer>('POST', BATCH, {
      token: staff,
      body: batchForm([...again, again[0]!]),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.files.map((file) => [file.file, file.status, file.date, file.rows])).toEqual(
      [...daily.slice(0, 1), ...daily.slice(0, 3)].map((name) => [
        `copy-of-${name}`,
        'skipped',
        nameDate(name),
        dataRows(dataFile(`bhavcopy/legacy/${name}`)),
      ]),
    );
    expect(answer.body.files[0]!.reason).toMatch(
      new RegExp(`^Already loaded: the same file was uploaded as ${daily[0]}`),
    );
    expect(answer.body.message).toBe('4 files: 0 loaded (0 rows), 0 refused, 4 already loaded');
    expect(events.length).toBe(eventsBefore);
    expect(await marketFingerprint(api.handle)).toEqual(before);
  });

  it('refuses a zip bomb alone, and refuses batches over the file limit', async () => {
    const bomb = buildZip([{ name: 'huge.csv', data: Buffer.alloc(3 * 1024 * 1024, 0x41), declaredSize: 100 }]);
    const good = LEGACY[26]!;
    const answer = await api.request<Answer>('POST', BATCH, {
      token: staff,
      body: batchForm([
        { name: 'bomb.zip', bytes: bomb },
        { name: good, bytes: dataFile(`bhavcopy/legacy/${good}`) },
      ]),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.files.map((file) => [file.file, file.status])).toEqual([
      [good, 'ok'],
      ['bomb.zip', 'refused'],
    ]);
    expect(answer.body.files[1]!.reason).toMatch(
      /^The zip archive bomb\.zip was not read: its contents expand beyond 2 MB/,
    );

    const tooMany = Array.from({ length: 31 }, (_, index) => ({ name: `f${index}.csv`, bytes: Buffer.from('x') }));
    const refused = await api.request<Answer>('POST', BATCH, { token: staff, body: batchForm(tooMany) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Send at most 30 files in one batch');
  });

  it('is for staff and administrators only', async () => {
    const investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const files = [{ name: LEGACY[27]!, bytes: dataFile(`bhavcopy/legacy/${LEGACY[27]}`) }];
    expect((await api.request('POST', BATCH, { token: investor, body: batchForm(files) })).status).toBe(403);
    expect((await api.request('POST', BATCH, { body: batchForm(files) })).status).toBe(401);
    const empty = await api.request<Answer>('POST', BATCH, { token: staff, body: new FormData() });
    expect(empty.status).toBe(400);
  });
});
