/**
 * Benchmark of the holdings screen's query (`npm run bench:portfolio`): the whole back end in
 * process (REST API on an in-memory PGlite, BFF over HTTP in front of it), an investor with 50
 * holdings in one segment and 1 in another, a year of prices per symbol. It measures, in the
 * same run, the holdings query at 1 row (the baseline) and at 50 rows, and counts the REST calls
 * each one makes.
 * Targets (issue 5): at most 3 REST calls for 50 rows; p50 at 50 rows within 1.5× of 1 row.
 * Repeated views of unchanged holdings are the common case: the REST API answers them 304 to the
 * BFF's If-None-Match (ETag from data_versions). For information it also prints the p50 of views
 * that each follow a price write, where everything is computed afresh.
 * Exits with status 1 when a target is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../api/src/db/client.js';
import { loadConfig as loadApiConfig } from '../../api/src/config.js';
import { createStartedApp } from '../../api/src/start.js';
import { loadConfig as loadBffConfig } from '../src/config.js';
import { createBffServer } from '../src/server.js';
// @ts-expect-error plain ESM helper shared with the scripts
import { startPostgres } from '../../scripts/lib/postgres.mjs';

const ROWS = 50;
const WARMUP = 30;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const MAX_REST_CALLS = 3;
const MAX_P50_RATIO = 1.5;

/** The holdings page's fields (web/src/features/portfolio). */
const HOLDINGS_QUERY = `query BenchHoldings($brokerName: String, $segmentName: String) {
  holdings(brokerName: $brokerName, segmentName: $segmentName) {
    id symbol currentPrice price sellPrice exchange segmentName quantity status creationDate sellingDate
    brokerageFirm { id name }
    profitLoss { gross charges net sellChargesEstimated breakdown { chargeTypeName buy sell } }
    quote { tradeDate change changePercent }
  }
}`;

function weekdaysBefore(end: string, count: number): string[] {
  const dates: string[] = [];
  const day = new Date(`${end}T00:00:00Z`);
  while (dates.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) dates.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return dates.reverse();
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-portfolio-'));
  // BENCH_DB=postgres runs the REST API on a throw-away PostgreSQL server instead of PGlite
  const server =
    process.env.BENCH_DB === 'postgres'
      ? ((await startPostgres({ fast: true })) as { url: (db?: string) => string; stop: () => void })
      : undefined;
  const handle = server
    ? await openDatabase({ databaseUrl: server.url('postgres'), poolSize: 10 })
    : await openDatabase({ pglite: new PGlite() });
  const engine = server ? 'PostgreSQL' : 'PGlite (in memory)';
  const apiConfig = loadApiConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      logLevel: 'silent',
      demoData: false,
      rateLimitPerMinute: 1_000_000,
    },
  );
  const api = await createStartedApp({ config: apiConfig, handle, logger: false });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const address = api.server.address();
  const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const bff = await createBffServer(
    loadBffConfig(
      { NODE_ENV: 'test' },
      { restApiUrl: `${apiUrl}/api`, insightApiUrl: `${apiUrl}/insight`, logLevel: 'silent' },
    ),
  );
  const bffPort = await bff.listen(0, '127.0.0.1');
  const endpoint = `http://127.0.0.1:${bffPort}/graphql`;

  try {
    // --- data: a year of prices for 51 symbols, charges of the seeded firm, 50 + 1 holdings ---
    const symbols = Array.from({ length: ROWS + 1 }, (_, i) => `BENCH${String(i).padStart(2, '0')}`);
    const dates = weekdaysBefore('2025-01-10', 250);
    const values = symbols.flatMap((symbol, s) =>
      dates.map((date, d) => ({ symbol, date, close: (100 + s + (d % 7) * 0.5).toFixed(2) })),
    );
    for (let i = 0; i < values.length; i += 2000) {
      const chunk = values
        .slice(i, i + 2000)
        .map(
          (v) =>
            sql`(${v.symbol}, 'EQ', ${v.date}::date, ${v.close}::numeric, ${v.close}::numeric, ${v.close}::numeric, ${v.close}::numeric)`,
        );
      await handle.db.execute(
        sql`INSERT INTO stock_prices (symbol, series, trade_date, open_price, high_price, low_price, close_price) VALUES ${sql.join(chunk, sql`, `)}`,
      );
    }
    const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
      if (body.errors) throw new Error(body.errors[0]?.message);
      return { body, cookie: response.headers.get('set-cookie')?.split(';')[0] };
    };
    const login = await gql('mutation { login(username: "investor", password: "Investor@123") { expiresAt } }');
    const cookie = login.cookie as string;
    const firms = (await gql('{ brokerageFirms { id name } segments { id name } }', {}, cookie)).body.data as {
      brokerageFirms: Array<{ id: string; name: string }>;
      segments: Array<{ id: string; name: string }>;
    };
    const zerodha = firms.brokerageFirms.find((f) => f.name === 'Zerodha') as { id: string };
    const add = (symbol: string, segment: string) =>
      gql(
        'mutation ($input: HoldingInput!) { addHolding(input: $input) { id } }',
        {
          input: {
            symbol,
            price: '100',
            quantity: 10,
            exchange: 'NSE',
            creationDate: '2024-06-03',
            brokerageFirmId: zerodha.id,
            segmentName: segment,
          },
        },
        cookie,
      );
    for (const symbol of symbols.slice(0, ROWS)) await add(symbol, 'Equity');
    await add(symbols[ROWS] as string, 'Intraday');

    // --- REST calls per query ---
    let restCalls = 0;
    api.server.on('request', (_request: IncomingMessage) => {
      restCalls += 1;
    });
    const cases = [
      { label: '1 row', variables: { brokerName: 'Zerodha', segmentName: 'Intraday' }, rows: 1 },
      { label: `${ROWS} rows`, variables: { brokerName: 'Zerodha', segmentName: 'Equity' }, rows: ROWS },
    ];
    const callsPerCase: number[] = [];
    for (const benchCase of cases) {
      restCalls = 0;
      const result = await gql(HOLDINGS_QUERY, benchCase.variables, cookie);
      const rows = (result.body.data as { holdings: unknown[] }).holdings.length;
      if (rows !== benchCase.rows) throw new Error(`expected ${benchCase.rows} rows, got ${rows}`);
      callsPerCase.push(restCalls);
    }

    // --- latency, interleaved so both cases see the same machine load ---
    const timings: number[][] = cases.map(() => []);
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      for (const [index, benchCase] of cases.entries()) {
        const started = process.hrtime.bigint();
        await gql(HOLDINGS_QUERY, benchCase.variables, cookie);
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (i >= WARMUP) timings[index]?.push(elapsed);
      }
    }
    // --- the same, each request right after a price write: no quote, no tagged answer reusable ---
    const freshTimings: number[][] = cases.map(() => []);
    for (let i = 0; i < WARMUP + Math.ceil(SAMPLES / 3); i++) {
      for (const [index, benchCase] of cases.entries()) {
        await handle.db.execute(
          sql`UPDATE stock_prices SET close_price = close_price WHERE symbol = 'BENCH00' AND trade_date = ${dates.at(-1) as string}`,
        );
        const started = process.hrtime.bigint();
        await gql(HOLDINGS_QUERY, benchCase.variables, cookie);
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (i >= WARMUP) freshTimings[index]?.push(elapsed);
      }
    }
    const freshP50 = freshTimings.map((list) =>
      percentile(
        [...list].sort((a, b) => a - b),
        50,
      ),
    );

    const stats = timings.map((list) => {
      const sorted = [...list].sort((a, b) => a - b);
      const total = list.reduce((sum, t) => sum + t, 0);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond: (list.length / total) * 1000 };
    });

    console.log(
      `\nportfolio: holdings query through the BFF, REST API on ${engine} (${SAMPLES} sequential samples per case, after ${WARMUP} warm-up)`,
    );
    console.log('case        REST calls   p50 ms   p95 ms   req/s');
    for (const [index, benchCase] of cases.entries()) {
      const s = stats[index] as (typeof stats)[number];
      console.log(
        `${benchCase.label.padEnd(12)}${String(callsPerCase[index]).padStart(10)}${s.p50.toFixed(2).padStart(9)}${s.p95.toFixed(2).padStart(9)}${s.perSecond.toFixed(0).padStart(8)}`,
      );
    }
    console.log(
      `after a price write (nothing reused, for information): p50 ${freshP50.map((p50, index) => `${cases[index]?.label} ${p50.toFixed(2)} ms`).join(', ')}, ratio ${((freshP50[1] ?? 0) / (freshP50[0] ?? 1)).toFixed(2)}×`,
    );
    const ratio = (stats[1]?.p50 ?? 0) / (stats[0]?.p50 ?? 1);
    const callsOk = (callsPerCase[1] ?? Infinity) <= MAX_REST_CALLS;
    const ratioOk = ratio <= MAX_P50_RATIO;
    console.log(
      `REST calls at ${ROWS} rows: ${callsPerCase[1]} (target ≤ ${MAX_REST_CALLS}) ${callsOk ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `p50 ratio ${ROWS} rows / 1 row: ${ratio.toFixed(2)}× (target ≤ ${MAX_P50_RATIO}×) ${ratioOk ? 'ok' : 'MISSED'}`,
    );
    if (!callsOk || !ratioOk) process.exitCode = 1;
  } finally {
    await bff.close();
    await api.close();
    await handle.close();
    server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
