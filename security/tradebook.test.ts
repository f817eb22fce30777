/**
 * Hostile tradebooks from a free account (docs/decisions.md#tradebook-imports-bounded-per-account):
 * each answers 4xx, or completes within its limit, while another client's /health and stockPrices
 * keep answering; a refused file writes nothing. The files are built here:
 * - the quadratic shape: one symbol, 4,000 buys then 4,000 sells (each sell once re-counted every lot);
 * - 50,000 trades (the most a file may hold), previewed; 100,000 refused while reading;
 * - a price of 131,000 digits, a quantity of 3,000,000,000 (the database would refuse both);
 * - one line of 9.9 MB without a line break, a header of a million columns.
 * Limits asserted here are far above what the API needs on a quiet machine (the figures are in
 * docs/benchmarks.md): they catch a stalled event loop (seconds), not a slow machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, graphql, keepProbing, request, startStack, type Answer, type Stack } from './harness.js';

const SEGMENT = 'Equity';
const FIRM = 'Zerodha';
const HEADER = 'date,symbol,side,quantity,price,exchange,trade_id';

/** multipart/form-data with the file and the two text parts of the import form. */
function importForm(file: Buffer | string): { body: Buffer; contentType: string } {
  const boundary = `----tradebook${Date.now()}`;
  const text = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    text('brokerageFirm', FIRM) +
      text('segment', SEGMENT) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trades.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** YYYY-MM-DD of day `index` counted from 1-Jan-2000 (8,000 days of trades end in 2021, in the past). */
function day(index: number): string {
  return new Date(Date.UTC(2000, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
}

describe('hostile tradebooks (production mode, embedded database)', () => {
  let stack: Stack;
  let token: string;
  let symbol: string;

  async function holdingsCount(): Promise<number> {
    const answer = await request(`${stack.api.url}/api/user/holding?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    return Number(answer.headers['x-total-count']);
  }

  /** Sends a file while another client (its own address) asks for /health and stockPrices every 100 ms. */
  async function sendWhileProbed(file: Buffer | string, dryRun: boolean) {
    const health = keepProbing(async () => {
      const answer = await request(`${stack.api.url}/health`, { from: '127.0.0.7', timeoutMs: 60_000 });
      if (answer.status !== 200) throw new Error(`health ${answer.status}`);
    });
    const prices = keepProbing(async () => {
      const answer = await graphql<{ stockPrices: unknown[] }>(
        stack.bff.url,
        '{ stockPrices { symbol closePrice } }',
        {},
        { from: '127.0.0.8', timeoutMs: 60_000 },
      );
      if (answer.status !== 200 || !answer.data?.stockPrices.length) throw new Error(`stockPrices ${answer.status}`);
    }, 250);
    const form = importForm(file);
    let answer: Answer;
    try {
      answer = await request(`${stack.api.url}/api/user/holding/import?dryRun=${dryRun}`, {
        body: form.body,
        headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
        timeoutMs: 120_000,
      });
    } finally {
      await health.stop();
      await prices.stop();
    }
    return { answer, health: health.times, prices: prices.times };
  }

  beforeAll(async () => {
    stack = await startStack('production', {
      // the import's own limits are under test, not the per-address rate limit of the whole API
      api: { RATE_LIMIT_PER_MINUTE: '100000' },
      bff: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const login = await apiLogin(stack.api.url, ACCOUNTS.investor.username, ACCOUNTS.investor.password);
    expect(login.status).toBe(200);
    token = login.token!;
    const prices = await request(`${stack.api.url}/api/public/stock-prices`);
    symbol = prices.json<Array<{ symbol: string }>>()[0]!.symbol;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('plans the quadratic shape (one symbol, 4,000 buys then 4,000 sells) in linear time, the loop free', async () => {
    const lines = [HEADER];
    for (let index = 0; index < 4_000; index++) lines.push(`${day(index)},${symbol},BUY,1,100,NSE,B${index}`);
    for (let index = 0; index < 4_000; index++) lines.push(`${day(4_000 + index)},${symbol},SELL,1,101,NSE,S${index}`);
    const { answer, health, prices } = await sendWhileProbed(lines.join('\n'), true);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const report = answer.json<{ buys: number; sells: number; holdingsTotal: number; holdings: unknown[] }>();
    expect(report).toMatchObject({ buys: 4_000, sells: 4_000, holdingsTotal: 4_000 });
    // the answer lists the first 200 holdings it changes, not all of them
    expect(report.holdings).toHaveLength(200);
    expect(answer.ms).toBeLessThan(10_000);
    expect(Math.max(...health)).toBeLessThan(2_000);
    expect(Math.max(...prices)).toBeLessThan(5_000);
  });

  it('previews 50,000 trades within its limit: refused by the holdings cap, the answer small, nothing written', async () => {
    const before = await holdingsCount();
    const lines = [HEADER];
    for (let index = 0; index < 50_000; index++)
      lines.push(`${day(index % 4_000)},${symbol},BUY,${1 + (index % 9)},${100 + (index % 50)}.25,NSE,T${index}`);
    const { answer, health } = await sendWhileProbed(lines.join('\n'), true);
    // 50,000 new lots are more than an account keeps (20,000): a 400 naming the cap
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/an account keeps at most 20,000/);
    expect(answer.text.length).toBeLessThan(10_000);
    expect(answer.ms).toBeLessThan(15_000);
    expect(Math.max(...health)).toBeLessThan(3_000);
    expect(await holdingsCount()).toBe(before);
  });

  it('refuses 100,000 trades while reading, at the first trade past 50,000', async () => {
    const lines = [HEADER];
    for (let index = 0; index < 100_000; index++) lines.push(`${day(index % 4_000)},${symbol},BUY,1,100,NSE,C${index}`);
    const { answer, health } = await sendWhileProbed(lines.join('\n'), true);
    expect(answer.status).toBe(400);
    const report = answer.json<{ problems: Array<{ line: number; message: string }> }>();
    expect(report.problems).toEqual([
      { line: 50_002, message: 'A tradebook may hold at most 50,000 trades: split the file' },
    ]);
    expect(answer.ms).toBeLessThan(15_000);
    expect(Math.max(...health)).toBeLessThan(3_000);
  });

  it('refuses a 131,000-digit price while reading (its line is longer than a tradebook line can be)', async () => {
    const before = await holdingsCount();
    const { answer } = await sendWhileProbed(
      [HEADER, `${day(1)},${symbol},BUY,10,${'9'.repeat(131_000)},NSE,P1`].join('\n'),
      false,
    );
    expect(answer.status).toBe(400);
    expect(answer.json<{ message: string }>().message).toBe(
      'Line 2 is longer than 4,000 characters (is the file a CSV with one record per line?)',
    );
    expect(answer.text.length).toBeLessThan(1_000);
    expect(await holdingsCount()).toBe(before);
  });

  it('refuses a quantity of 3,000,000,000 and over-long prices by line, in the words of every write path', async () => {
    const before = await holdingsCount();
    const file = [
      HEADER,
      `${day(1)},${symbol},BUY,3000000000,100,NSE,P2`,
      `${day(1)},${symbol},BUY,10,1.${'1'.repeat(150)},NSE,P3`,
      // no trade id: the database would have been the first to refuse 300 digits (a 500 before)
      `${day(1)},${symbol},BUY,10,${'9'.repeat(300)},NSE`,
      `${day(1)},${symbol},BUY,10,${'9'.repeat(16)},NSE`,
    ].join('\n');
    for (const dryRun of [true, false]) {
      const { answer } = await sendWhileProbed(file, dryRun);
      expect(answer.status).toBe(400);
      const report = answer.json<{ problems: Array<{ line: number; message: string; value?: string }> }>();
      expect(report.problems.map(({ line, message }) => ({ line, message }))).toEqual([
        { line: 2, message: 'Quantity must be at most 1000000000' },
        { line: 3, message: 'Price may have at most 4 decimals' },
        { line: 4, message: 'Price may have at most 15 digits before the decimal point' },
        { line: 5, message: 'Price may have at most 15 digits before the decimal point' },
      ]);
      // a cell is quoted in 40 characters at most
      expect(report.problems[2]!.value).toBe(`${'9'.repeat(39)}…`);
      expect(answer.text.length).toBeLessThan(5_000);
    }
    expect(await holdingsCount()).toBe(before);
  });

  it('refuses one line of 9.9 MB and a header of a million columns at once, quoting neither', async () => {
    for (const file of ['x'.repeat(9_900_000), `${'a,'.repeat(1_000_000)}b\n`]) {
      const { answer, health } = await sendWhileProbed(file, true);
      expect(answer.status).toBe(400);
      expect(answer.text.length).toBeLessThan(2_000);
      expect(answer.ms).toBeLessThan(5_000);
      expect(Math.max(...health)).toBeLessThan(2_000);
    }
  });
});
