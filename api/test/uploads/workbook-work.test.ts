/**
 * Workbooks are bounded in work, not only in size (docs/decisions.md#workbooks-bounded-in-work):
 * a small .xlsx whose shared strings inflate to 200 MB (under the 256 MB inflation limit) is
 * refused with a 400 naming the limit (the counts, not SheetJS, refused it), while /health keeps answering
 * during the work, because the cells and shared strings are counted before SheetJS runs and the parsing
 * happens in a worker thread. A workbook that passes the counts but takes too long or needs too much
 * memory is stopped. No wall-clock budget: on a busy machine everything is slower, but the event loop
 * still turns while the worker works (the /health answers counted below) and the message still names
 * the count that refused the file.
 */
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, useApi, type StartTestApiOptions } from '../setup/test-api.js';
import { buildZip, csvToWorkbook, marketFingerprint, upload } from './helpers.js';

const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A shared-strings part of `count` one-letter strings, written as one repeated pattern. */
function sharedStrings(count: number): Buffer {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SPREADSHEET_NS}" count="${count}" uniqueCount="${count}">`,
  );
  const item = Buffer.from('<si><t>A</t></si>');
  const tail = Buffer.from('</sst>');
  const body = Buffer.alloc(item.length * count);
  body.fill(item);
  return Buffer.concat([head, body, tail]);
}

/**
 * A real one-sheet workbook (the tiny price header) with its shared strings swapped for `strings`,
 * stored under `partName` (the content types name it, so a spreadsheet finds it under any name).
 */
function workbookWithSharedStrings(strings: Buffer, partName = 'xl/sharedStrings.xml'): Buffer {
  const rows = [['SYMBOL', 'SERIES', 'OPEN', 'HIGH', 'LOW', 'CLOSE']];
  const real = csvToWorkbook(rows, 'xlsx');
  // keep every part of the real workbook, and name the strings part in its content types
  const parts = readZip(real).filter((part) => part.name !== 'xl/sharedStrings.xml');
  const types = parts.find((part) => part.name === '[Content_Types].xml')!;
  types.data = Buffer.from(
    types.data
      .toString('utf8')
      .replace(/<Override PartName="\/xl\/sharedStrings.xml"[^>]*\/>/, '')
      .replace(
        '</Types>',
        `<Override PartName="/${partName}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      ),
  );
  return buildZip([...parts, { name: partName, data: strings }]);
}

/** The entries of a zip written by SheetJS (deflate or stored), read through the central directory. */
function readZip(zip: Buffer): Array<{ name: string; data: Buffer }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; data: Buffer }> = [];
  for (let index = 0; index < count; index++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({ name, data: method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + skip;
  }
  return entries;
}

/**
 * Asks /health over HTTP again and again (10 ms apart) until `done` settles; answers how many 200s
 * arrived before it settled. Work that held the API's event loop would let at most the first one
 * through before the upload's own answer: several answers mean the loop kept turning.
 */
async function healthAnswersWhile(baseUrl: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let answered = 0;
  while (!finished && answered < 5_000) {
    // a probe that fails at the socket (a reused connection the server closed as the machine stalled) is no
    // answer: it counts as none rather than failing the test, which asserts only the answers that arrived
    const status = await fetch(`${baseUrl}/health`).then(
      async (answer) => (await answer.arrayBuffer(), answer.status),
      () => undefined,
    );
    if (!finished && status === 200) answered++;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return answered;
}

/** A price workbook (xlsx): the header and `rows` made-up rows of six cells each. */
function priceWorkbook(rows: number): Buffer {
  const cells = [['SYMBOL', 'SERIES', 'OPEN', 'HIGH', 'LOW', 'CLOSE']];
  for (let index = 0; index < rows; index++) cells.push([`S${index}`, 'EQ', '1', '2', '0.5', '1.5']);
  return csvToWorkbook(cells, 'xlsx');
}

/** Uploads a stock-price file as staff to an API of its own, started with `config` and closed after: the answer. */
async function uploadToOwnApi(config: NonNullable<StartTestApiOptions['config']>, fileName: string, bytes: Buffer) {
  const api = await startTestApi({ config });
  try {
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    return await upload(api, token, 'UPLOAD_STOCK_PRICE', fileName, bytes);
  } finally {
    await api.close();
  }
}

describe('workbooks bounded in work', () => {
  const api = useApi();
  let staff: string;

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
  });

  // 200 MB of shared strings: under the 256 MB inflation limit, 12 million one-letter strings
  const hostileCount = Math.floor((200 * 1024 * 1024) / '<si><t>A</t></si>'.length);

  it('refuses 200 MB of shared strings in a small .xlsx by the size its zip directory declares', async () => {
    const hostile = workbookWithSharedStrings(sharedStrings(hostileCount));
    expect(hostile.length).toBeLessThan(1024 * 1024);
    const before = await marketFingerprint(api.handle);

    const result = await upload(api, staff, 'UPLOAD_STOCK_PRICE', 'strings.xlsx', hostile);

    expect(result.status, result.text).toBe(400);
    // the declared size of the shared strings refused it before anything was inflated (zipDirectory, on the
    // event loop and at once: the next test keeps /health answering through the work a renamed part costs)
    expect(result.body.message).toContain('shared strings expand beyond 64 MB');
    expect(await marketFingerprint(api.handle)).toEqual(before);
  });

  it('counts shared strings under any part name, and /health keeps answering meanwhile', async () => {
    const hostile = workbookWithSharedStrings(sharedStrings(hostileCount), 'xl/text.xml');
    const answer = upload(api, staff, 'UPLOAD_STOCK_PRICE', 'renamed.xlsx', hostile);
    const healthAnswers = await healthAnswersWhile(api.baseUrl, answer);
    const result = await answer;
    expect(result.status, result.text).toBe(400);
    const cap = api.config.uploadMaxWorkbookCells.toLocaleString('en-US');
    expect(result.body.message).toContain(`more than ${cap} shared strings`);
    expect(healthAnswers).toBeGreaterThanOrEqual(3);
  });

  it('refuses a workbook with more cells than the limit, naming it', async () => {
    const answer = await uploadToOwnApi({ uploadMaxWorkbookCells: 1_000 }, 'wide.xlsx', priceWorkbook(200));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain('more than 1,000 cells');
  });

  it('stops a workbook that takes longer than its time limit', async () => {
    // 150,000 cells pass the counts, but not a time limit of one millisecond
    const answer = await uploadToOwnApi({ uploadWorkbookTimeoutMs: 1 }, 'slow.xlsx', priceWorkbook(25_000));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain('took longer than');
  });
});
