/**
 * The dashboard's API cost in one process, for profiling (not a test: run it with
 * `node --conditions=source --import tsx api/test/portfolio/dashboard-profile.ts`): the REST API built
 * in-process on an in-memory PGlite, the data of bench:portfolio's dashboards (a year of prices of 50
 * symbols; investors with 1, 50 and 500 holdings of them at the seeded Zerodha charges, every fifth
 * one sold), and GET /api/user/dashboard of each, interleaved, each right after a price write (no
 * cached answer or quote reusable), through app.inject: no BFF, no socket. Prints the p50 (wall and
 * CPU) per size and the ratio to 1 holding. BENCH_SAMPLES sets the rounds (default 60);
 * PROFILE=<file> writes a CPU profile of the timed rounds; QUERIES=1 prints each statement's time per
 * size; EXPLAIN=<text> prints the plan of the statements containing the text; EXPERIMENT=<module>
 * runs its default export on the data instead; PRINT_DASHBOARD=1 prints the 500-holding answer.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { weekdaysEndingOn } from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { createStartedApp } from '../../src/start.js';

const SYMBOLS = 50;
const SIZES = [1, 50, 500];
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = 10;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-dashboard-profile-'));
const config = loadConfig(
  { NODE_ENV: 'test', PASSWORD_HASH_COST: String(2 ** 10) },
  {
    dataDir,
    jwtSecret: 'profile-secret-that-is-long-enough-for-hs256-0123456789',
    logLevel: 'silent',
    demoData: false,
    rateLimitPerMinute: 1_000_000,
    maxEventLoopDelayMs: Number.POSITIVE_INFINITY,
    maxQueueDelayMs: Number.POSITIVE_INFINITY,
    maxInFlightPerClient: 1_000_000,
  },
);
const handle = await openDatabase({ pglite: new PGlite() });
const app = await createStartedApp({ config, handle, logger: false });
const db = handle.db;

const call = async (method: string, url: string, token?: string, body?: unknown) => {
  const response = await app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as unknown;
};
const login = async (username: string, password: string) =>
  ((await call('POST', '/auth/login', undefined, { username, password })) as { token: string }).token;

const symbols = Array.from({ length: SYMBOLS }, (_, i) => `BENCH${String(i).padStart(2, '0')}`);
const dates = weekdaysEndingOn('2025-01-10', 250);
for (const [index, symbol] of symbols.entries()) {
  const rows = dates.map((date, d) => {
    const close = (100 + index + (d % 7) * 0.5).toFixed(2);
    return sql`(${symbol}, 'EQ', ${date}::date, ${close}::numeric, ${close}::numeric, ${close}::numeric, ${close}::numeric)`;
  });
  await db.execute(sql`INSERT INTO stock_prices (symbol, series, trade_date, open_price, high_price, low_price, close_price)
    VALUES ${sql.join(rows, sql`, `)}`);
}

// the statistics a price upload leaves (docs/decisions.md#statistics-after-price-loads)
await db.execute(sql`ANALYZE stock_prices`);

const admin = await login('admin', 'Admin@123');
const roles = (await call('GET', '/admin/roles', admin)) as Array<{ id: number; name: string }>;
const tokens: string[] = [];
for (const size of SIZES) {
  const username = `dash${size}`;
  await call('POST', '/admin/users', admin, {
    username,
    password: 'Portfolio@123',
    firstName: 'Bench',
    lastName: username,
    email: `${username}@example.com`,
    roles: [roles.find((role) => role.name === 'ROLE_USER')],
  });
  const token = await login(username, 'Portfolio@123');
  for (let i = 0; i < size; i++)
    await call('POST', '/user/holding', token, {
      symbol: symbols[i % SYMBOLS],
      price: '100',
      quantity: 10,
      exchange: 'NSE',
      creationDate: dates[10 + Math.floor(i / SYMBOLS) * 15],
      brokerageFirm: { name: 'Zerodha' },
      instrumentType: 'Equity',
      ...(i % 5 === 4 ? { sellPrice: '112.5', sellingDate: dates[200] } : {}),
    });
  tokens.push(token);
}

let writes = 0;
/** A price write (BENCH00's last close, alternating): every cached answer and quote is stale after it. */
const writePrice = async () => {
  writes += 1;
  await db.execute(
    sql`UPDATE stock_prices SET close_price = ${(100 + (writes % 2) * 0.05).toFixed(2)}::numeric
        WHERE symbol = 'BENCH00' AND trade_date = ${dates.at(-1) as string}::date`,
  );
};

// EXPERIMENT=<module>: its default export runs on this data instead of the timing (trying a statement)
if (process.env.EXPERIMENT) {
  const experiment = (await import(path.resolve(process.env.EXPERIMENT))) as {
    default: (context: {
      handle: typeof handle;
      app: typeof app;
      tokens: string[];
      symbols: string[];
    }) => Promise<void>;
  };
  await experiment.default({ handle, app, tokens, symbols });
  await app.close();
  await handle.close();
  process.exit(0);
}

if (process.env.PRINT_DASHBOARD) {
  await writePrice();
  console.log(JSON.stringify(await call('GET', '/user/dashboard', tokens[SIZES.length - 1])));
}

// PROFILE=<file>: a CPU profile of the timed rounds only (not of the set-up), for chrome://inspect or speedscope
const profiler = process.env.PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
}
// QUERIES=1: each statement's time in the dashboard of the largest size, summed over the rounds
const queryTimes = SIZES.map(() => new Map<string, { ms: number; count: number }>());
let timingQueries: Map<string, { ms: number; count: number }> | undefined;
if (process.env.QUERIES && handle.kind === 'pglite') {
  const client = handle.client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = client.query.bind(client);
  // one at a time (PGlite runs them so anyway): each one's time is its own, not its wait for another's
  let queue: Promise<unknown> = Promise.resolve();
  const explained = new Set<string>();
  client.query = async (...args: unknown[]) => {
    if (!timingQueries) return query(...args);
    const previous = queue;
    let done = () => {};
    queue = new Promise<void>((resolve) => (done = resolve));
    await previous;
    // EXPLAIN=<text>: the plan of the statements containing the text (once each), before timing them
    const explain = process.env.EXPLAIN;
    if (explain && String(args[0]).includes(explain) && !explained.has(String(args[0]))) {
      explained.add(String(args[0]));
      const plan = (await query(`EXPLAIN (ANALYZE, BUFFERS) ${String(args[0])}`, args[1])) as {
        rows: Array<Record<string, string>>;
      };
      console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
    }
    const started = process.hrtime.bigint();
    try {
      return await query(...args);
    } finally {
      done();
      const key = String(args[0]).replace(/\s+/g, ' ').slice(0, 110);
      const times = timingQueries;
      const entry = times.get(key) ?? { ms: 0, count: 0 };
      entry.ms += Number(process.hrtime.bigint() - started) / 1e6;
      entry.count += 1;
      times.set(key, entry);
    }
  };
}
const timings: number[][] = SIZES.map(() => []);
/** CPU time of this process per request (PGlite runs on its thread): steadier than wall time on a busy machine. */
const cpuTimings: number[][] = SIZES.map(() => []);
for (let round = 0; round < WARMUP + SAMPLES; round++) {
  if (round === WARMUP) await profiler?.post('Profiler.start');
  for (const [index, token] of tokens.entries()) {
    await writePrice();
    timingQueries = process.env.QUERIES && round >= WARMUP ? queryTimes[index] : undefined;
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    await call('GET', '/user/dashboard', token);
    const used = process.cpuUsage(cpu);
    timingQueries = undefined;
    if (round >= WARMUP) {
      timings[index]?.push(Number(process.hrtime.bigint() - started) / 1e6);
      cpuTimings[index]?.push((used.user + used.system) / 1000);
    }
  }
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.PROFILE as string, JSON.stringify(profile));
  profiler.disconnect();
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const p50 = timings.map(median);
const cpu50 = cpuTimings.map(median);
console.log(`GET /api/user/dashboard in-process (PGlite in memory), each after a price write, ${SAMPLES} rounds`);
console.log('holdings   wall p50 ms   vs 1   CPU p50 ms   vs 1');
for (const [index, size] of SIZES.entries())
  console.log(
    `${String(size).padEnd(8)}${(p50[index] ?? 0).toFixed(2).padStart(13)}${((p50[index] ?? 0) / (p50[0] ?? 1)).toFixed(2).padStart(6)}×${(cpu50[index] ?? 0).toFixed(2).padStart(12)}${((cpu50[index] ?? 0) / (cpu50[0] ?? 1)).toFixed(2).padStart(6)}×`,
  );
for (const [index, times] of queryTimes.entries()) {
  if (times.size === 0) continue;
  const total = [...times.values()].reduce((sum, { ms }) => sum + ms, 0) / SAMPLES;
  console.log(
    `\nstatements of the dashboard of ${SIZES[index]} holdings, mean per view (${total.toFixed(2)} ms in all):`,
  );
  for (const [key, { ms, count }] of [...times].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `${(ms / SAMPLES).toFixed(2).padStart(8)} ms ${String(count / SAMPLES).padStart(4)}× ${key.slice(0, 100)}`,
    );
}
await app.close();
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
