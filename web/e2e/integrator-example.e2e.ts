/**
 * The integrators' runnable example (examples/node-market-data, docs/integrators.md#a-runnable-example) against the
 * app as `npm start` runs it, with five real NSE bhavcopies (1–8 January 2019: two weeks, D = 8 January) uploaded by
 * staff and an API key made through the REST API as an integrator makes one. Expected values are read from the
 * files here, apart from the app's code:
 * - the day's prices: every equity row of 08JAN2019.csv, its close as printed, in pages of 500;
 * - weekly candles of the ten symbols: the week's first open, highest high, lowest low, last close and summed volume
 *   (no corporate action is loaded, so adjusted prices are the files' own);
 * - the quotes by persisted query over GET, then 304 with If-None-Match; the quota's headers as counted.
 * No browser: the example is a program, and this file runs in the e2e step beside the journeys.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, BHAVCOPY_DIR, DEMO, setupCall, startApp, uploadBhavcopies, type RunningApp } from './harness';
import { toPaise } from './figures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = path.join(ROOT, 'examples/node-market-data/market-data.mjs');
const FILES = ['01JAN2019.csv', '02JAN2019.csv', '03JAN2019.csv', '04JAN2019.csv', '07JAN2019.csv', '08JAN2019.csv'];
const TEN = ['TCS', 'INFY', 'HDFCBANK', 'RELIANCE', 'ITC', 'SBIN', 'ICICIBANK', 'LT', 'HINDUNILVR', 'AXISBANK'];
/** The equity series (docs/integrators.md#the-datas-definitions). */
const EQUITY = new Set(['EQ', 'BE', 'BZ', 'SM', 'ST']);

interface FileRow {
  symbol: string;
  series: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** The rows of a legacy bhavcopy, by its header. */
function bhavcopyRows(file: string): FileRow[] {
  const [header = '', ...lines] = fs.readFileSync(path.join(BHAVCOPY_DIR, file), 'utf8').trim().split('\n');
  const columns = header.split(',');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  return lines.map((line) => {
    const cells = line.split(',');
    return {
      symbol: at(cells, 'SYMBOL'),
      series: at(cells, 'SERIES'),
      open: at(cells, 'OPEN'),
      high: at(cells, 'HIGH'),
      low: at(cells, 'LOW'),
      close: at(cells, 'CLOSE'),
      volume: at(cells, 'TOTTRDQTY'),
    };
  });
}

/** '01JAN2019.csv' → '2019-01-01'. */
function fileDay(file: string): string {
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const month = String(months.indexOf(file.slice(2, 5)) + 1).padStart(2, '0');
  return `${file.slice(5, 9)}-${month}-${file.slice(0, 2)}`;
}

interface Candle {
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
  volume: string | null;
}

/**
 * A symbol's weekly candles worked from the files: 1–4 January 2019 is the week of Monday 31 December (its first
 * trading day here 1 January), 7–8 January the next; prices in paise, volumes summed as whole shares.
 */
function expectedWeeks(symbol: string) {
  const weeks = [FILES.slice(0, 4), FILES.slice(4)];
  return weeks.map((files) => {
    const days = files.map((file) => {
      const row = bhavcopyRows(file).find((candidate) => candidate.symbol === symbol && candidate.series === 'EQ');
      if (!row) throw new Error(`${symbol} is not in ${file}`);
      return row;
    });
    return {
      date: fileDay(files[0]!),
      open: toPaise(days[0]!.open),
      high: Math.max(...days.map((day) => toPaise(day.high))),
      low: Math.min(...days.map((day) => toPaise(day.low))),
      close: toPaise(days.at(-1)!.close),
      volume: days.reduce((sum, day) => sum + BigInt(day.volume), 0n).toString(),
    };
  });
}

/** The same candle in the same units as expectedWeeks, from the example's output. */
const inPaise = (candle: Candle) => ({
  date: candle.date,
  open: toPaise(candle.openPrice),
  high: toPaise(candle.highPrice),
  low: toPaise(candle.lowPrice),
  close: toPaise(candle.closePrice),
  // "1234" or "1234.0000": whole shares
  volume: candle.volume === null ? null : BigInt(candle.volume.split('.')[0]!).toString(),
});

/** Runs the example to its end; its stdout, stderr and exit code. */
function runExample(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [EXAMPLE, ...args], {
      cwd: path.dirname(EXAMPLE),
      // the example's own environment only: nothing of this test's leaks into it
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the integrators’ example (examples/node-market-data)', () => {
  let app: RunningApp;
  let key: string;

  beforeAll(async () => {
    app = await startApp();
    await uploadBhavcopies(app, FILES);
    const session = await apiToken(app, DEMO.investor);
    const made = await setupCall(app, '/api/user/api-keys', {
      token: session,
      json: { name: 'example', scopes: ['market:read'], expiresInDays: 7 },
    });
    expect(made.status, made.text).toBe(201);
    key = made.json<{ key: string }>().key;
  }, 600_000);
  afterAll(() => app?.stop());

  it('refuses to start without a key, saying where to get one', async () => {
    const run = await runExample({ BAZAAR_URL: app.baseUrl });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Set BAZAAR_API_KEY');
  });

  it('pages through a day, batches a year of weekly candles and reuses an answer by ETag', async () => {
    const run = await runExample({ BAZAAR_URL: app.baseUrl, BAZAAR_API_KEY: key }, ['--json']);
    expect(run.stderr).not.toContain('Bazaar Insight said');
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as {
      day: string;
      prices: {
        pages: number;
        pageSizes: number[];
        totalCount: number;
        rows: Array<{ symbol: string; series: string; closePrice: string }>;
      };
      candles: { from: string; to: string; symbols: Array<{ symbol: string; candles: Candle[] }> };
      etag: {
        firstTry: string;
        status: number;
        etag: string;
        cacheControl: string;
        quotes: Array<{ symbol: string; closePrice: string; tradeDate: string }>;
        revalidatedStatus: number;
      };
      quota: { limit: number; remaining: number; used: number };
    };

    // 1. D is the last file's day; one row a symbol, each close as the file prints it
    expect(output.day).toBe('2019-01-08');
    const dayRows = bhavcopyRows('08JAN2019.csv').filter((row) => EQUITY.has(row.series));
    const symbols = new Set(dayRows.map((row) => row.symbol));
    expect(output.prices.totalCount).toBe(symbols.size);
    expect(output.prices.rows).toHaveLength(symbols.size);
    expect(new Set(output.prices.rows.map((row) => row.symbol))).toEqual(symbols);
    for (const row of output.prices.rows) {
      const inFile = dayRows.find((candidate) => candidate.symbol === row.symbol && candidate.series === row.series);
      expect(toPaise(row.closePrice), `${row.symbol} ${row.series}`).toBe(toPaise(inFile!.close));
    }
    // pages of 500, the last one what is left
    const fullPages = Math.floor(symbols.size / 500);
    expect(output.prices.pageSizes).toEqual([
      ...Array<number>(fullPages).fill(500),
      ...(symbols.size % 500 ? [symbols.size % 500] : []),
    ]);

    // 2. a year to D: 9 January 2018 to 8 January 2019, the ten symbols in the order asked, two weeks each
    expect(output.candles.from).toBe('2018-01-09');
    expect(output.candles.to).toBe('2019-01-08');
    expect(output.candles.symbols.map((entry) => entry.symbol)).toEqual(TEN);
    for (const { symbol, candles } of output.candles.symbols) {
      expect(candles.map(inPaise), symbol).toEqual(expectedWeeks(symbol));
    }

    // 3. unknown hash first, then the text once: 200 with an ETag, private (the request carried a key); then 304
    expect(output.etag.firstTry).toMatch(/PERSISTED_QUERY_NOT_FOUND|PersistedQueryNotFound/);
    expect(output.etag.status).toBe(200);
    expect(output.etag.etag).toMatch(/^W\/".+"$/);
    expect(output.etag.cacheControl).toContain('private');
    expect(output.etag.revalidatedStatus).toBe(304);
    expect(output.etag.quotes.map((quote) => [quote.symbol, toPaise(quote.closePrice), quote.tradeDate])).toEqual(
      TEN.map((symbol) => [
        symbol,
        toPaise(dayRows.find((row) => row.symbol === symbol && row.series === 'EQ')!.close),
        '2019-01-08',
      ]),
    );

    // the quota's headers add up: the free quota of 5,000 a day, this key's requests counted
    expect(output.quota.limit).toBe(5000);
    expect(output.quota.used).toBeGreaterThanOrEqual(1 + output.prices.pages + 1);
    expect(output.quota.remaining).toBe(output.quota.limit - output.quota.used);
  });

  it('says what it did in words', async () => {
    const run = await runExample({ BAZAAR_URL: app.baseUrl, BAZAAR_API_KEY: key });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1. 2019-01-08:');
    expect(run.stdout).toContain('2. weekly candles 2018-01-09 .. 2019-01-08 for 10 symbols in one request');
    expect(run.stdout).toContain('asked again with If-None-Match: 304 Not Modified');
    // the second run knows the hash already
    expect(run.stdout).toContain('first try known');
  });
});
