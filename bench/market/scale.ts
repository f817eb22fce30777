/**
 * npm run bench:scale — market reads and the daily upload with ten years of history against one
 * year (docs/decisions.md#incremental-analysis-refresh, docs/operations.md#scaling-out). A synthetic market
 * (synthetic-market.ts: 2,500 symbols by default, 250 trading days a year, gaps, series changes,
 * splits) is loaded straight into the database by COPY (the API stopped for PGlite), the API
 * restarted (it computes the analysis at start), then through the built BFF without its market
 * cache (every read made) it measures the p50 of the GraphQL `technicalAnalysis`,
 * `companyAnalysis(symbol)` and `stockPrices(date)` (a day in the middle of the history), and the
 * p50 of one new day's upload over HTTP (request to answer: parse, write, the analysis refresh).
 * Prints rows loaded, the database's size on disk and the times, then 10 years ÷ 1 year.
 *
 * Target (PostgreSQL): every ratio ≤ 2. PGlite figures are printed too.
 * Options: --symbols=<n> (2500), --years=<n> for the long history (10), --engines=postgres,pglite,
 * --quick (300 symbols, 3 years: to try the script; not the target's size).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { ACCOUNTS, login, percentile, startStack, stopApi, uploadPrices, type Stack } from '../lib/stack.js';
import { syntheticMarket, type SyntheticDay } from './synthetic-market.js';

const QUICK = process.argv.includes('--quick');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const SYMBOLS = Number(option('symbols') ?? (QUICK ? 300 : 2500));
const LONG_YEARS = Number(option('years') ?? (QUICK ? 3 : 10));
const ENGINES = (option('engines') ?? 'postgres,pglite').split(',') as Array<'postgres' | 'pglite'>;
const DAYS_PER_YEAR = 250;
const SAMPLES = QUICK ? 7 : 15;
const NEW_DAYS = 5;
const COPY = 'COPY stock_prices FROM STDIN WITH (FORMAT text)';

const ITEM = 'symbol presentClose previousClose change changePercent';
const LISTS = `weekly { ${ITEM} } monthly { ${ITEM} } quarterly { ${ITEM} } halfYearly { ${ITEM} } yearly { ${ITEM} }`;
const TECHNICAL_ANALYSIS = `{ technicalAnalysis { asOf highs { ${LISTS} } lows { ${LISTS} } highestPrices { symbol highPrice lowPrice } } }`;
const COMPANY_ANALYSIS = (symbol: string) =>
  `{ companyAnalysis(symbol: "${symbol}") { symbol latestPrice { closePrice } yearRange { highPrice lowPrice } pricesUpTo priceSeries { period dates prices } candles { date closePrice } } }`;
const STOCK_PRICES = (date: string) => `{ stockPrices(date: "${date}") { symbol closePrice changePercent volume } }`;

interface SizeFigures {
  label: string;
  days: number;
  rows: number;
  loadMs: number;
  diskBytes: number;
  technicalAnalysisMs: number;
  companyAnalysisMs: number;
  stockPricesMs: number;
  dayUploadMs: number;
}

function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function p50(samples: number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

function directorySize(directory: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    total += entry.isDirectory() ? directorySize(full) : fs.statSync(full).size;
  }
  return total;
}

/** COPY of the days into stock_prices and their per-day counts, then ANALYZE; the API restarted after. */
async function loadHistory(stack: Stack, days: SyntheticDay[]): Promise<number> {
  const rows = days.reduce((sum, day) => sum + day.rows, 0);
  const counts = `INSERT INTO stock_price_dates (trade_date, row_count, updated_at)
    SELECT trade_date, count(*), now() FROM stock_prices GROUP BY trade_date`;
  await stopApi(stack);
  if (stack.databaseUrl) {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      for (let i = 0; i < days.length; i += 50) {
        const chunk = days.slice(i, i + 50).map((day) => day.copyText());
        await pipeline(Readable.from(chunk, { objectMode: false }), client.query(copyFrom(COPY)));
      }
      await client.query(counts);
      await client.query('ANALYZE stock_prices, stock_price_dates');
    } finally {
      await client.end();
    }
  } else {
    const db = new PGlite(path.join(stack.dataDir, 'pglite'));
    try {
      for (let i = 0; i < days.length; i += 50) {
        const blob = new Blob(days.slice(i, i + 50).map((day) => day.copyText()));
        await db.query(COPY.replace('STDIN', "'/dev/blob'"), [], { blob });
      }
      await db.query(counts);
      await db.query('ANALYZE stock_prices, stock_price_dates');
    } finally {
      await db.close();
    }
  }
  await stack.restartApi();
  return rows;
}

async function diskBytes(stack: Stack): Promise<number> {
  if (!stack.databaseUrl) return directorySize(path.join(stack.dataDir, 'pglite'));
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    return Number(result.rows[0]!.bytes);
  } finally {
    await client.end();
  }
}

async function graphql(endpoint: string, query: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"errors"')) throw new Error(`GraphQL: ${text.slice(0, 300)}`);
  return performance.now() - started;
}

async function measure(engine: 'postgres' | 'pglite', label: string, years: number): Promise<SizeFigures> {
  const days = [...syntheticMarket({ symbols: SYMBOLS, days: years * DAYS_PER_YEAR + NEW_DAYS })];
  const history = days.slice(0, -NEW_DAYS);
  const fresh = days.slice(-NEW_DAYS);
  const stack = await startStack({ engine, durable: true, apiEnv: { UPLOAD_MAX_BYTES: String(64 * 1024 * 1024) } });
  try {
    const started = performance.now();
    const rows = await loadHistory(stack, history);
    const loadMs = performance.now() - started;
    const bff = await stack.startBff({ MARKET_CACHE_TTL_MS: '0' });
    const endpoint = `${bff.url}/graphql`;
    const middle = history[Math.floor(history.length / 2)]!.date;
    const symbols = ['SYN00001', 'SYN00002', 'SYN00003', 'SYN00004', 'SYN00005'];
    const sample = async (query: (i: number) => string) => {
      await graphql(endpoint, query(0)); // warm-up
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push(await graphql(endpoint, query(i)));
      return p50(times);
    };
    const technicalAnalysisMs = await sample(() => TECHNICAL_ANALYSIS);
    const companyAnalysisMs = await sample((i) => COMPANY_ANALYSIS(symbols[i % symbols.length]!));
    const stockPricesMs = await sample(() => STOCK_PRICES(middle));
    const token = await login(stack.api.url, ACCOUNTS.staff);
    const uploads: number[] = [];
    /** Of each upload, the API's time for the market.dataChanged listeners (the analysis refresh). */
    const refreshes: string[] = [];
    for (const day of fresh) {
      const bytes = Buffer.from(day.csv());
      const answer = await uploadPrices(stack.api.url, token, `${day.date}.csv`, bytes);
      uploads.push(answer.wallMs);
      refreshes.push(fmt(answer.listenersMs));
    }
    const figures = {
      label,
      days: history.length,
      rows,
      loadMs,
      diskBytes: await diskBytes(stack),
      technicalAnalysisMs,
      companyAnalysisMs,
      stockPricesMs,
      dayUploadMs: p50(uploads),
    };
    console.log(
      `  ${stack.engine}, ${label}: ${fmt(rows)} rows loaded in ${fmt(loadMs / 1000, 1)} s, ${fmt(figures.diskBytes / 2 ** 20)} MiB on disk; ` +
        `technicalAnalysis ${fmt(technicalAnalysisMs)} ms, companyAnalysis ${fmt(companyAnalysisMs)} ms, stockPrices(date) ${fmt(stockPricesMs)} ms, ` +
        `one day's upload ${fmt(figures.dayUploadMs)} ms (${uploads.map((ms) => fmt(ms)).join(', ')}; of which the refresh ${refreshes.join(', ')})`,
    );
    return figures;
  } finally {
    await stack.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:scale — ${fmt(SYMBOLS)} symbols, 1 year vs ${LONG_YEARS} years of ${DAYS_PER_YEAR} trading days, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  const rows: string[] = [];
  for (const engine of ENGINES) {
    const short = await measure(engine, '1 year', 1);
    const long = await measure(engine, `${LONG_YEARS} years`, LONG_YEARS);
    const ratio = (key: keyof SizeFigures) => fmt((long[key] as number) / (short[key] as number), 2);
    rows.push(
      `${engine.padEnd(9)} | ${`${fmt(short.rows)} / ${fmt(long.rows)}`.padStart(23)} | ${`${fmt(short.diskBytes / 2 ** 20)} / ${fmt(long.diskBytes / 2 ** 20)} MiB`.padStart(18)} | ` +
        `${`${fmt(short.technicalAnalysisMs)} / ${fmt(long.technicalAnalysisMs)} ms (${ratio('technicalAnalysisMs')}×)`.padStart(24)} | ` +
        `${`${fmt(short.companyAnalysisMs)} / ${fmt(long.companyAnalysisMs)} ms (${ratio('companyAnalysisMs')}×)`.padStart(24)} | ` +
        `${`${fmt(short.stockPricesMs)} / ${fmt(long.stockPricesMs)} ms (${ratio('stockPricesMs')}×)`.padStart(24)} | ` +
        `${`${fmt(short.dayUploadMs)} / ${fmt(long.dayUploadMs)} ms (${ratio('dayUploadMs')}×)`.padStart(24)}`,
    );
  }
  console.log(
    `\nengine    | rows (1 year / ${LONG_YEARS} years)  | on disk            | technicalAnalysis p50    | companyAnalysis p50      | stockPrices(date) p50    | one day's upload p50 (target: each ratio ≤ 2 on PostgreSQL)`,
  );
  for (const row of rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
