/**
 * A small workbook that is a lot of work: a 0.5 MB .xlsx whose shared-strings part inflates to
 * ~200 MB (under the archive guard's 256 MB) is refused with 400 within 5 s, and the API keeps
 * answering /health in under a second meanwhile (the parsing never stops the event loop).
 * The workbook is built here, by hand (its parts deflated as they are produced; api/test/setup/zip.ts writes the archive).
 */
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { zipArchive as zip, type DeflatedEntry } from '../api/test/setup/zip.js';
import { ACCOUNTS, apiLogin, keepProbing, MODES, request, useStack } from './harness.js';

const SHARED_STRINGS_BYTES = 200 * 1024 * 1024;

/** Deflates a part produced chunk by chunk (the 200 MB never sit in memory at once). */
async function deflatePart(name: string, chunks: Iterable<string>): Promise<DeflatedEntry> {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => output.push(chunk));
  const finished = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await finished;
  return { name, compressed: Buffer.concat(output), crc, size };
}

/** The .xlsx: one sheet of one cell, and ~200 MB of shared strings. */
async function sharedStringsBomb(): Promise<Buffer> {
  // one string over and over: it compresses about 1000:1, and the parser still makes one entry per item
  const item = `<si><t>${'shared string '.repeat(6)}</t></si>`;
  const itemBytes = Buffer.byteLength(item);
  const count = Math.floor(SHARED_STRINGS_BYTES / itemBytes);
  function* strings() {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`;
    const perChunk = 10_000;
    for (let start = 0; start < count; start += perChunk) yield item.repeat(Math.min(perChunk, count - start));
    yield '</sst>';
  }
  const part = (name: string, text: string) => deflatePart(name, [text]);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip([
    await part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
        `</Types>`,
    ),
    await part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    await part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rels}"><sheets>` +
        `<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rels}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    await part(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>` +
        `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData></worksheet>`,
    ),
    await deflatePart('xl/sharedStrings.xml', strings()),
  ]);
}

/** multipart/form-data with one file part named `file`. */
function filePart(fileName: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----workbook${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

let workbook: Buffer;
beforeAll(async () => {
  workbook = await sharedStringsBomb();
});

describe.each(MODES)('a workbook of 200 MB of shared strings (%s)', (mode) => {
  const stack = useStack(mode);

  it('answers 400 within 5 s while /health answers in under a second', async () => {
    expect(workbook.length).toBeLessThan(1024 * 1024);
    const { token } = await apiLogin(stack.api.url, ACCOUNTS.staff.username, ACCOUNTS.staff.password);
    const upload = filePart('prices.xlsx', workbook);
    const health = keepProbing(async () => {
      const answer = await request(`${stack.api.url}/health`, { from: '127.0.0.9', timeoutMs: 60_000 });
      if (answer.status !== 200) throw new Error(`health ${answer.status}`);
    });
    const answer = await request(`${stack.api.url}/insight/staff/uploads/stock-prices`, {
      body: upload.body,
      headers: { 'content-type': upload.contentType, authorization: `Bearer ${token}` },
      timeoutMs: 120_000,
    });
    const healthTimes = await health.stop();

    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.ms).toBeLessThan(5_000);
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
  });
});
