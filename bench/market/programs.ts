/**
 * Benchmark of the reads made for programs (`npm run bench:programs`, docs/benchmarks.md#reads-for-programs-benchprograms):
 * the built REST API and BFF as processes (bench/lib/stack.ts; PGlite on disk, or BENCH_DB=postgres), the 15
 * months of real prices (one upload per month) and the real corporate actions. Sequential p50 of:
 * - a day's prices whole against a page of 100 and of 500 (the first, and one after a cursor), REST and GraphQL
 *   (a BFF without its market cache, so every request reaches the REST API);
 * - HDFCBANK's whole history as daily, weekly and monthly candles, and a page of 100 days;
 * - a year of weekly candles of ten symbols in one batched call against ten single-symbol calls;
 * - corporate actions whole, a page of 500, a year;
 * - a persisted query over GET (the whole day's prices by hash) answered in full against its 304 revalidation.
 * Targets (docs/decisions.md#data-for-programs): a page of 100 ≤ 0.5× the whole day (REST); the batched call ≤ 0.5×
 * the ten single calls; a 304 ≤ 0.1× the answer computed (a BFF without its market cache). Exits with status 1 when
 * one is missed.
 * --quick: the first 40 days, 10 samples (to try the script); BENCH_SAMPLES sets the number.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import {
  ACCOUNTS,
  concatenated,
  CORPORATE_ACTIONS_FILE,
  legacyFiles,
  login,
  percentile,
  startStack,
  uploadCorporateActions,
  uploadPrices,
} from '../lib/stack.js';

const QUICK = process.argv.includes('--quick');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? (QUICK ? 10 : 50));
const WARMUP = QUICK ? 2 : 5;
const TEN = ['HDFCBANK', 'INFY', 'TCS', 'RELIANCE', 'SBIN', 'ITC', 'WIPRO', 'LT', 'AXISBANK', 'MARUTI'];

type Call = () => Promise<number>;

/** p50 of `samples` calls after a warm-up, and the bytes of the last answer. */
async function p50(call: Call, samples = SAMPLES, warmup = WARMUP): Promise<{ ms: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < warmup; i++) bytes = await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    bytes = await call();
    times.push(performance.now() - started);
  }
  return {
    ms: percentile(
      [...times].sort((a, b) => a - b),
      50,
    ),
    bytes,
  };
}

/**
 * A GET answered `status`; resolves with its body's bytes. Uncompressed (`identity`): what is measured is the
 * read, not the compression of its answer.
 */
function get(url: string, headers: Record<string, string> = {}, status = 200): Call {
  return async () => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
    const body = await response.arrayBuffer();
    if (response.status !== status)
      throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    return body.byteLength;
  };
}

function graphql(endpoint: string, query: string): Call {
  const body = JSON.stringify({ query });
  return async () => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body,
    });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"errors"'))
      throw new Error(`GraphQL ${response.status} ${text.slice(0, 300)}`);
    return text.length;
  };
}

const rows: Array<[string, number, number]> = [];
function report(label: string, result: { ms: number; bytes: number }): number {
  rows.push([label, result.ms, result.bytes]);
  console.log(`${label.padEnd(72)}${result.ms.toFixed(1).padStart(9)} ms${String(result.bytes).padStart(11)} B`);
  return result.ms;
}

async function main(): Promise<void> {
  const stack = await startStack({
    apiEnv: {
      UPLOAD_MAX_BYTES: String(200 * 1024 * 1024),
      MAX_QUEUE_DELAY_MS: '600000',
      MAX_EVENT_LOOP_DELAY_MS: '600000',
    },
  });
  const missed: string[] = [];
  try {
    const api = `${stack.api.url}/api`;
    // latency is what is measured: no load shedding on a busy machine
    const unshed = { MAX_QUEUE_DELAY_MS: '600000', MAX_EVENT_LOOP_DELAY_MS: '600000' };
    const bff = await stack.startBff(unshed);
    const coldBff = await stack.startBff({ ...unshed, MARKET_CACHE_TTL_MS: '0' });
    const token = await login(stack.api.url, ACCOUNTS.staff);
    const files = legacyFiles(QUICK ? 40 : undefined);
    const months = new Map<string, string[]>();
    for (const file of files)
      months.set(file.date.slice(0, 7), [...(months.get(file.date.slice(0, 7)) ?? []), file.path]);
    const loading = performance.now();
    const days: string[] = [];
    for (const [month, paths] of months)
      days.push(...(await uploadPrices(stack.api.url, token, `bhavcopies-${month}.csv`, concatenated(paths))).dates);
    days.sort();
    // the year ending on the last day loaded
    const to = days.at(-1) ?? '2020-03-31';
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    await uploadCorporateActions(stack.api.url, token, fs.readFileSync(CORPORATE_ACTIONS_FILE));
    console.log(
      `engine ${stack.engine}; ${files.length} bhavcopies and the corporate actions loaded in ${((performance.now() - loading) / 1000).toFixed(0)} s; p50 of ${SAMPLES}`,
    );

    const whole = report('REST a day’s prices, whole', await p50(get(`${api}/public/stock-prices`)));
    const first100 = report(
      'REST a day’s prices, first page of 100',
      await p50(get(`${api}/public/stock-prices?limit=100`)),
    );
    report('REST a day’s prices, first page of 500', await p50(get(`${api}/public/stock-prices?limit=500`)));
    const cursor = (await fetch(`${api}/public/stock-prices?limit=500`)).headers.get('x-next-cursor') ?? '';
    report(
      'REST a day’s prices, page of 500 after a cursor',
      await p50(get(`${api}/public/stock-prices?limit=500&cursor=${cursor}`)),
    );
    if (first100 > 0.5 * whole)
      missed.push(`a page of 100 is ${(first100 / whole).toFixed(2)}× the whole day (target ≤ 0.5)`);

    const cold = `${coldBff.url}/graphql`;
    report(
      'GraphQL (no market cache) stockPrices, whole',
      await p50(graphql(cold, '{ stockPrices { symbol closePrice changePercent volume } }')),
    );
    report(
      'GraphQL (no market cache) stockPriceConnection(first: 100)',
      await p50(
        graphql(
          cold,
          '{ stockPriceConnection(first: 100) { edges { cursor node { symbol closePrice changePercent volume } } pageInfo { hasNextPage endCursor } totalCount } }',
        ),
      ),
    );

    for (const interval of ['DAY', 'WEEK', 'MONTH'])
      report(
        `REST HDFCBANK’s whole history, interval=${interval}`,
        await p50(get(`${api}/public/stock-prices?symbol=HDFCBANK&interval=${interval}`)),
      );
    report('REST HDFCBANK, a page of 100 days', await p50(get(`${api}/public/stock-prices?symbol=HDFCBANK&limit=100`)));

    const range = `interval=WEEK&from=${from}&to=${to}`;
    const batched = report(
      'REST a year of weekly candles of ten symbols, one batched call',
      await p50(get(`${api}/public/stock-prices/candles?symbols=${TEN.join(',')}&${range}`)),
    );
    const single = report(
      'REST the same, ten single-symbol calls one after another',
      await p50(async () => {
        let bytes = 0;
        for (const symbol of TEN) bytes += await get(`${api}/public/stock-prices?symbol=${symbol}&${range}`)();
        return bytes;
      }),
    );
    if (batched > 0.5 * single)
      missed.push(`the batched call is ${(batched / single).toFixed(2)}× ten single calls (target ≤ 0.5)`);
    report(
      'GraphQL (no market cache) candlesBySymbol, ten symbols, a year of weeks',
      await p50(
        graphql(
          cold,
          `{ candlesBySymbol(symbols: ${JSON.stringify(TEN)}, interval: WEEK, from: "${from}", to: "${to}") { symbol candles { date openPrice highPrice lowPrice closePrice volume } } }`,
        ),
      ),
    );

    // 7 MB an answer: a few samples
    report('REST corporate actions, whole', await p50(get(`${api}/public/corporate-actions`), 5, 1));
    report('REST corporate actions, first page of 500', await p50(get(`${api}/public/corporate-actions?limit=500`)));
    report('REST corporate actions of 2019', await p50(get(`${api}/public/corporate-actions?year=2019`)));

    // a persisted query over GET: registered once, then by hash; in full, then revalidated
    const query =
      'query DayPrices { stockPrices { symbol series date closePrice previousClose changePerDay changePercent volume } }';
    const extensions = JSON.stringify({
      persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') },
    });
    const headers = { 'apollo-require-preflight': 'true', 'accept-encoding': 'identity' };
    const byHash = `${bff.url}/graphql?extensions=${encodeURIComponent(extensions)}`;
    await get(`${byHash}&query=${encodeURIComponent(query)}`, headers)();
    const tag = (await fetch(byHash, { headers })).headers.get('etag') ?? '';
    const full = report(
      'GraphQL GET by hash, the whole day’s prices, in full (warm: the response cache)',
      await p50(get(byHash, headers)),
    );
    const coldByHash = `${coldBff.url}/graphql?extensions=${encodeURIComponent(extensions)}`;
    await get(`${coldByHash}&query=${encodeURIComponent(query)}`, headers)();
    const coldFull = report(
      'GraphQL GET by hash, the whole day’s prices, in full (no market cache)',
      await p50(get(coldByHash, headers)),
    );
    const notModified = report(
      'GraphQL GET by hash with If-None-Match: 304',
      await p50(get(byHash, { ...headers, 'if-none-match': tag }, 304)),
    );
    console.log(
      `  the 304 is ${(notModified / full).toFixed(2)}× the cached answer, 0 bytes against ${rows.at(-3)?.[2]}`,
    );
    if (notModified > 0.1 * coldFull)
      missed.push(`a 304 is ${(notModified / coldFull).toFixed(2)}× the answer computed (target ≤ 0.1)`);
  } finally {
    await stack.stop();
  }
  if (missed.length > 0) {
    console.log(`\nMISSED: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else console.log('\nevery target met');
}

await main();
