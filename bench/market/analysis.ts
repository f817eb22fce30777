/**
 * Benchmark of the Technical Analysis reads (`npm run bench:analysis`): the built REST API and BFF
 * as processes (bench/lib/stack.ts; REST API on PGlite on disk, or BENCH_DB=postgres for a
 * throw-away PostgreSQL server) with the 15 months of real prices loaded through the staff upload
 * endpoint (the 307 legacy bhavcopies, one upload per month). In the same run it measures p50/p95
 * of each of the eleven REST reads the old page made and of the one `technicalAnalysis` GraphQL
 * query that replaces them, sequentially and with 10 concurrent clients, then prints
 * - GraphQL ÷ the slowest single REST read (target ≤ 1.5),
 * - GraphQL ÷ the sum of the eleven sequential reads (target ≤ 0.3),
 * - the first-route JavaScript of the web build (gzip; target ≤ 350 KiB; built when missing).
 * The cold figure (every read really made) comes from a second BFF started without its market cache.
 * The corporate actions of ../shared/data are uploaded before the prices (so the prices' refreshes
 * pass ex-dates); the Company Analysis reads of a symbol with a split in the window (HDFCBANK: its
 * candles, the five period series, an SMA, and the Stock Prices list of D) and the cold
 * `companyAnalysis` GraphQL query are measured too, to compare a change of the price reads.
 * BENCH_CORPORATE_ACTIONS=0 skips the corporate actions (every read on raw prices): the two runs side by side
 * give the adjustment's cost. Exits with status 1 when a target is missed. BENCH_SAMPLES sets the sequential samples (200);
 * --quick: the first 20 days only and 30 samples (to try the script; the ratios are not the targets').
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import {
  ACCOUNTS,
  concatenated,
  CORPORATE_ACTIONS_FILE,
  FROM_SOURCE,
  legacyFiles,
  login,
  percentile,
  ROOT,
  startStack,
  uploadCorporateActions,
  uploadPrices,
} from '../lib/stack.js';

const QUICK = process.argv.includes('--quick');
// BENCH_CORPORATE_ACTIONS=0 loads the prices alone: the same reads on raw prices, to price the adjustment
const WITH_CORPORATE_ACTIONS = process.env.BENCH_CORPORATE_ACTIONS !== '0';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? (QUICK ? 30 : 200));
const CONCURRENCY = 10;
const CONCURRENT_REQUESTS = Number(process.env.BENCH_CONCURRENT_REQUESTS ?? (QUICK ? 100 : 400));
const WARMUP = 20;
const TARGET_VS_SLOWEST = 1.5;
const TARGET_VS_SUM = 0.3;
const TARGET_FIRST_ROUTE_KIB = 350;

const PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'];
const REST_READS = [
  '/public/stock-prices/highestStockPriceByStock',
  ...PERIODS.map((period) => `/public/stock-prices/weeks-high?type=${period}`),
  ...PERIODS.map((period) => `/public/stock-prices/weeks-low?type=${period}`),
];

const COMPANY_SYMBOL = 'HDFCBANK';
const COMPANY_READS = [
  `/public/stock-prices?symbol=${COMPANY_SYMBOL}`,
  ...PERIODS.map((period) => `/public/stock-prices/stock-prices-for-period?type=${period}&symbol=${COMPANY_SYMBOL}`),
  '/public/stock-prices',
];
const COMPANY_ANALYSIS = `query CompanyAnalysisBench { companyAnalysis(symbol: "${COMPANY_SYMBOL}") { symbol latestPrice { closePrice changePercent } yearRange { highPrice lowPrice } pricesUpTo priceSeries { period dates prices } candles { date openPrice highPrice lowPrice closePrice } } }`;

const ITEM = 'symbol presentClose previousClose change changePercent presentDate previousDate';
const LISTS = `weekly { ${ITEM} } monthly { ${ITEM} } quarterly { ${ITEM} } halfYearly { ${ITEM} } yearly { ${ITEM} }`;
const TECHNICAL_ANALYSIS = `query TechnicalAnalysisBench { technicalAnalysis { asOf highs { ${LISTS} } lows { ${LISTS} } highestPrices { symbol highPrice highDate lowPrice lowDate } } }`;

interface Stats {
  p50: number;
  p95: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

type Call = () => Promise<void>;

async function timed(call: Call): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

async function sequential(call: Call, samples = SAMPLES): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timed(call));
  return stats(times);
}

/** CONCURRENCY clients, each sending its next request when the last one answered. */
async function concurrent(call: Call, total = CONCURRENT_REQUESTS): Promise<Stats & { perSecond: number }> {
  const times: number[] = [];
  let remaining = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining > 0) {
        remaining--;
        times.push(await timed(call));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...stats(times), perSecond: total / seconds };
}

function restCall(url: string): Call {
  return async () => {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };
}

function graphqlCall(endpoint: string, query: string): Call {
  const body = JSON.stringify({ query });
  return async () => {
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"errors"'))
      throw new Error(`GraphQL: ${response.status} ${text.slice(0, 300)}`);
  };
}

/** JavaScript loaded for a first visit of /technical-analysis: the entry, its static imports and the page chunk's. */
function firstRouteJavaScript(): { files: string[]; gzipBytes: number } {
  const dist = path.join(ROOT, 'web/dist');
  const indexHtml = path.join(dist, 'index.html');
  if (!fs.existsSync(indexHtml) || FROM_SOURCE || process.env.BENCH_BUILD_WEB === '1') {
    const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@bazaar/web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const html = fs.readFileSync(indexHtml, 'utf8');
  const assets = path.join(dist, 'assets');
  const start = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] as string);
  const page = fs.readdirSync(assets).find((name) => /^technical-analysis-page-.*\.js$/.test(name));
  if (page) start.push(page);
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    // static imports only: `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; not `import("./x.js")`
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g))
      queue.push(match[1] as string);
  }
  const files = [...seen];
  const gzipBytes = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length,
    0,
  );
  return { files, gzipBytes };
}

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

async function main(): Promise<void> {
  // latency is what is measured: no load shedding (a busy machine holds PGlite's loop past 1 s and reads got 503)
  const stack = await startStack({
    apiEnv: { UPLOAD_MAX_BYTES: String(200 * 1024 * 1024), MAX_QUEUE_DELAY_MS: '600000' },
  });
  try {
    const apiUrl = stack.api.url;
    const bff = await stack.startBff();
    // the same BFF without its market cache: every technicalAnalysis makes its eleven reads
    const coldBff = await stack.startBff({ MARKET_CACHE_TTL_MS: '0' });
    const endpoint = `${bff.url}/graphql`;

    const files = legacyFiles(QUICK ? 20 : undefined);
    console.log(`engine: ${stack.engine}; uploading ${files.length} legacy bhavcopies, one file per month…`);
    const loadStarted = performance.now();
    const token = await login(apiUrl, ACCOUNTS.staff);
    if (WITH_CORPORATE_ACTIONS) {
      const actionsStarted = performance.now();
      await uploadCorporateActions(apiUrl, token, fs.readFileSync(CORPORATE_ACTIONS_FILE));
      console.log(`corporate actions uploaded in ${((performance.now() - actionsStarted) / 1000).toFixed(1)} s`);
    } else console.log('no corporate actions uploaded (BENCH_CORPORATE_ACTIONS=0): raw prices everywhere');
    const months = new Map<string, string[]>();
    for (const file of files)
      months.set(file.date.slice(0, 7), [...(months.get(file.date.slice(0, 7)) ?? []), file.path]);
    const dates: string[] = [];
    for (const [month, paths] of months) {
      const answer = await uploadPrices(apiUrl, token, `bhavcopies-${month}.csv`, concatenated(paths));
      dates.push(...answer.dates);
    }
    dates.sort();
    console.log(
      `loaded ${dates.length} trading days (${dates[0]} .. ${dates.at(-1)}) in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );

    console.log(
      `\nsequential: ${SAMPLES} samples after ${WARMUP} warm-up; concurrent: ${CONCURRENT_REQUESTS} requests from ${CONCURRENCY} clients`,
    );
    console.log(
      `${'read'.padEnd(56)}${'seq p50'.padStart(10)}${'seq p95'.padStart(10)}${'c10 p50'.padStart(10)}${'c10 p95'.padStart(10)}${'c10 req/s'.padStart(11)}`,
    );
    const rest: Array<{ path: string; seq: Stats; conc: Stats & { perSecond: number } }> = [];
    for (const readPath of REST_READS) {
      const call = restCall(`${apiUrl}/api${readPath}`);
      const seq = await sequential(call);
      const conc = await concurrent(call);
      rest.push({ path: readPath, seq, conc });
      console.log(
        `REST ${readPath.padEnd(51)}${ms(seq.p50)}${ms(seq.p95)}${ms(conc.p50)}${ms(conc.p95)}${conc.perSecond.toFixed(0).padStart(11)}`,
      );
    }
    const graphql = graphqlCall(endpoint, TECHNICAL_ANALYSIS);
    const gqlSeq = await sequential(graphql);
    const gqlConc = await concurrent(graphql);
    console.log(
      `${'GraphQL technicalAnalysis (all eleven parts)'.padEnd(56)}${ms(gqlSeq.p50)}${ms(gqlSeq.p95)}${ms(gqlConc.p50)}${ms(gqlConc.p95)}${gqlConc.perSecond.toFixed(0).padStart(11)}`,
    );

    // a cold GraphQL request (the BFF without a market cache): the eleven reads really made, concurrently
    const coldCall = graphqlCall(`${coldBff.url}/graphql`, TECHNICAL_ANALYSIS);
    for (let i = 0; i < WARMUP; i++) await coldCall();
    const cold: number[] = [];
    for (let i = 0; i < 20; i++) cold.push(await timed(coldCall));
    const coldStats = stats(cold);
    console.log(
      `${'GraphQL technicalAnalysis, cache dropped before each'.padEnd(56)}${ms(coldStats.p50)}${ms(coldStats.p95)}`,
    );

    console.log(`\nCompany Analysis of ${COMPANY_SYMBOL}`);
    const company: Array<{ path: string; seq: Stats }> = [];
    for (const readPath of COMPANY_READS) {
      const seq = await sequential(restCall(`${apiUrl}/api${readPath}`), Math.min(SAMPLES, 100));
      company.push({ path: readPath, seq });
      console.log(`REST ${readPath.padEnd(71)}${ms(seq.p50)}${ms(seq.p95)}`);
    }
    const smaPath = `/public/technical-analysis/stocks/sma?symbol=${COMPANY_SYMBOL}&priceSize=${QUICK ? 20 : 200}&windowSize=${QUICK ? 5 : 50}`;
    const smaCall: Call = async () => {
      const response = await fetch(`${apiUrl}/api${smaPath}`, { method: 'POST' });
      if (response.status !== 200) throw new Error(`${smaPath}: ${response.status}`);
      await response.arrayBuffer();
    };
    const sma = await sequential(smaCall, Math.min(SAMPLES, 100));
    console.log(`REST POST ${smaPath.padEnd(66)}${ms(sma.p50)}${ms(sma.p95)}`);
    const coldCompany = await sequential(graphqlCall(`${coldBff.url}/graphql`, COMPANY_ANALYSIS), 50);
    console.log(
      `${'GraphQL companyAnalysis, cache dropped before each'.padEnd(76)}${ms(coldCompany.p50)}${ms(coldCompany.p95)}`,
    );
    const companySum = company.reduce((total, read) => total + read.seq.p50, sma.p50);
    console.log(`  sum of the Company Analysis REST reads (p50): ${companySum.toFixed(2)} ms`);

    const slowest = rest.reduce((worst, read) => (read.seq.p50 > worst.seq.p50 ? read : worst));
    const slowestConc = rest.reduce((worst, read) => (read.conc.p50 > worst.conc.p50 ? read : worst));
    const sum = rest.reduce((total, read) => total + read.seq.p50, 0);
    const vsSlowest = gqlSeq.p50 / slowest.seq.p50;
    const vsSlowestConc = gqlConc.p50 / slowestConc.conc.p50;
    const vsSum = gqlSeq.p50 / sum;
    const coldVsSum = coldStats.p50 / sum;
    console.log('\nratios (p50)');
    console.log(
      `  GraphQL ÷ slowest REST read (${slowest.path}), sequential: ${vsSlowest.toFixed(2)} (target ≤ ${TARGET_VS_SLOWEST})`,
    );
    console.log(`  GraphQL ÷ slowest REST read, 10 concurrent clients:          ${vsSlowestConc.toFixed(2)}`);
    console.log(
      `  GraphQL ÷ sum of the eleven sequential reads (${sum.toFixed(2)} ms): ${vsSum.toFixed(2)} (target ≤ ${TARGET_VS_SUM})`,
    );
    console.log(`  cold GraphQL (cache dropped) ÷ sum of the eleven reads:        ${coldVsSum.toFixed(2)}`);

    const bundle = firstRouteJavaScript();
    const kib = bundle.gzipBytes / 1024;
    console.log(
      `\nfirst-route JavaScript of /technical-analysis (gzip): ${kib.toFixed(1)} KiB in ${bundle.files.length} files (target ≤ ${TARGET_FIRST_ROUTE_KIB} KiB)`,
    );
    console.log(`  ${bundle.files.join(', ')}`);
    const gridOrChartsInside = bundle.files.filter((file) => /^(ag-grid|apexcharts)/.test(file));
    if (gridOrChartsInside.length > 0)
      console.log(`  grid or chart chunks on the first route: ${gridOrChartsInside.join(', ')}`);

    const missed: string[] = [];
    if (vsSlowest > TARGET_VS_SLOWEST) missed.push('GraphQL ÷ slowest REST read');
    if (vsSum > TARGET_VS_SUM) missed.push('GraphQL ÷ sum of the eleven reads');
    if (kib > TARGET_FIRST_ROUTE_KIB) missed.push('first-route JavaScript');
    if (gridOrChartsInside.length > 0) missed.push('grid and charts outside the first route');
    console.log(missed.length === 0 ? '\nall targets met' : `\nMISSED: ${missed.join('; ')}`);
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
