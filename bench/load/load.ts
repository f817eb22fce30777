/**
 * Load benchmark (`npm run bench:load`, docs/decisions.md#load-targets): the built API and BFF as `npm start` runs
 * them (separate processes), on a throw-away PostgreSQL server (production's engine), with the
 * demo data loaded, driven by autocannon on loopback. Everything is measured in the same run:
 *
 *  1. maximum throughput of a mixed read load through the BFF (the web pages' own operations:
 *     stock prices, technical analysis = the ten trend lists, company analysis, the demo
 *     investor's holdings), a short saturated run;
 *  2. 60 s at half that rate: errors (target 0) and p99/p50 (target ≤ 5);
 *  3. twice that rate with more connections than the servers accept in flight: the servers must
 *     shed with 429/503 while the latency of what they answer stays bounded (target: no timeouts,
 *     p99 of the last 5 s ≤ 2× the p99 of the first 5 s, and some shedding);
 *  4. BFF vs direct REST for the same data (stock prices, one trend list, holdings — each one REST
 *     call; `groupSize` would pair calls where the BFF needs several), interleaved runs (REST, BFF,
 *     BFF, REST, …): p50 ratio at 1 and 10 connections (target ≤ 1.3) and throughput ratio when
 *     saturated (target ≥ 0.5);
 *  5. a soak at half the maximum rate: heap after a forced GC in both servers at the start and at
 *     the end (target: growth ≤ 10%). `--soak` runs 10 minutes, `--soak-minutes N` any length;
 *     the plain run soaks 2 minutes;
 *  6. under attack: the mixed load at a quarter of the maximum with 16 connections, alone and then
 *     while each attack of bench/load/attacks.ts runs from its own loopback address (bodies that
 *     never finish, multipart batch flood, expensive legal batches, sign-up flood, login guessing):
 *     p50/p99 and errors of the normal clients, one row per attack (target: p99 ≤ 3× the same mix
 *     without the attack, measured just before it, and 0 errors). Each attack runs in a process of its
 *     own (bench/load/attacker.ts), and the CPU seconds of the API, the BFF, PostgreSQL, the attacker
 *     and this process are printed for both measurements (bench/load/cpu.ts);
 *  7. API keys (docs/decisions.md#counters-shared-through-postgresql): the same reads (REST holdings, the
 *     Holdings page through the BFF) with an API key and with a session, alternating request by request on 1
 *     connection (session, key, session, …; then key first), so both meet the same load from the rest of the
 *     machine: the key's p50 over the session's (target ≤ 1.1×); and the same key reads on a second API and
 *     BFF counting in memory (COUNTER_STORE=memory) against this stack, whose API and BFF count in PostgreSQL,
 *     1 connection each, both at the same time (the two stacks cannot share a connection): the p50 the shared
 *     counters add (target ≤ 1 ms), and that ratio.
 *
 * Latencies are taken from every response (autocannon's 'response' event, sub-millisecond), not
 * from autocannon's whole-millisecond histogram. Heap is read through an IPC channel to the
 * children (bench/load/heap-probe.mjs preloaded with --expose-gc): no endpoint is added.
 * The per-client rate limits (RATE_LIMIT_PER_MINUTE, per address: every request here comes from
 * 127.0.0.1) are raised for the run, otherwise they would be all that is measured.
 * Options: --soak, --soak-minutes N, --quick (short runs, to try the script), --only
 * half,overdrive,compare,soak,attack,keys (some sections; the maximum is always measured), --attacks
 * slow-bodies,multipart,legal-batches,signup,login (some attacks). Exits 1 when a
 * target is missed. The 2 cores are shared with the load generator (and other work): figures are noisy.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { parse, print, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import { namedOperationText } from '../../bff/test/setup/operations.js';
import { postgres, startApi, startBff, type ServiceProcess } from '../../faults/harness.js';
import { ensureBuilt, FROM_SOURCE } from '../lib/stack.js';
import { ATTACKS, type AttackTally, type AttackTarget } from './attacks.js';
import { cpuMeter, cpuSecondsOf, cpuSecondsWithChildren, cpuText } from './cpu.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
/** --only overdrive,compare: run some sections (the maximum is always measured: the others use it). */
const only = args.includes('--only') ? new Set((args[args.indexOf('--only') + 1] ?? '').split(',')) : undefined;
const section = (name: 'half' | 'overdrive' | 'compare' | 'soak' | 'attack' | 'keys') => !only || only.has(name);
/** --attacks slow-bodies,login: some of the attacks (their keys in bench/load/attacks.ts). */
const chosenAttacks = args.includes('--attacks')
  ? new Set((args[args.indexOf('--attacks') + 1] ?? '').split(','))
  : undefined;
const soakMinutes = Number(
  args.includes('--soak-minutes')
    ? args[args.indexOf('--soak-minutes') + 1]
    : args.includes('--soak')
      ? 10
      : quick
        ? 0.5
        : 2,
);
if (!Number.isFinite(soakMinutes) || soakMinutes <= 0)
  throw new Error('--soak-minutes wants a positive number of minutes');

const SECONDS = {
  warmup: quick ? 2 : 5,
  max: quick ? 4 : 10,
  half: quick ? 10 : 60,
  overdrive: quick ? 10 : 20,
  compare: quick ? 2 : 3,
  saturated: quick ? 2 : 3,
  attack: quick ? 8 : 30,
};
/** The normal clients while an attack runs (at a quarter of the maximum rate). */
const ATTACK_CONNECTIONS = 16;
const COMPARE_ROUNDS = quick ? 1 : 3;
const SATURATED_CONNECTIONS = 64;
/** More than the servers' MAX_IN_FLIGHT_REQUESTS (512): the overdrive must make them shed. */
const OVERDRIVE_CONNECTIONS = 1000;
const TARGETS = {
  halfErrors: 0,
  halfP99OverP50: 5,
  p50Ratio: 1.3,
  throughputRatio: 0.5,
  heapGrowth: 0.1,
  overdriveGrowth: 2,
  attackP99Growth: 3,
  attackErrors: 0,
  keyOverSession: 1.1,
  sharedCountersMs: 1,
};
const DEMO = {
  investor: ['investor', 'Investor@123'],
  staff: ['staff', 'Staff@123'],
  admin: ['admin', 'Admin@123'],
} as const;
const UNLIMITED_RATE = '100000000';
/**
 * The normal mix comes from one address (127.0.0.1) with up to 64 connections: above that, below the 512
 * in flight, so an attacker's own address still gets only a share (docs/decisions.md#one-client-one-share-of-the-slots).
 */
const PER_CLIENT_IN_FLIGHT = '128';
/**
 * The only trusted proxy of both services: the BFF's address at the API, and at the BFF the address the
 * normal clients arrive from, as through a load balancer (the overdrive's 1,000 connections are many
 * users, not one). The attackers' addresses (127.0.0.2…) are not proxies, so the per-address connection
 * cap applies to them, as to any client reaching a service directly (the default "loopback" would
 * trust them all).
 */
const TRUSTED_PROXY = '127.0.0.1';
/** The mixed load's operations, in the order each connection sends them. */
const MIX_NAMES = ['stock prices', 'technical analysis', 'company analysis', 'holdings'];

// ---------- operations: the web pages' own documents ----------

function webDocument(file: string): DocumentNode {
  return parse(fs.readFileSync(path.join(ROOT, 'web/src/features', file), 'utf8'));
}

/** One operation of a document with exactly the fragments it uses, as a query string. */
const operation = namedOperationText;

const market = webDocument('market/api/market.graphql');
const company = webDocument('company/api/company.graphql');
const portfolio = webDocument('portfolio/api/portfolio.graphql');
const trendTile = market.definitions.find(
  (d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition' && d.name.value === 'TrendTileFields',
);
const QUERIES = {
  stockPrices: operation(market, 'StockPricesPage'),
  technicalAnalysis: operation(market, 'TechnicalAnalysisPage'),
  companyAnalysis: operation(company, 'CompanyAnalysisPage'),
  holdings: operation(portfolio, 'HoldingsPage'),
  /** One trend list (the REST route answers one list per call). */
  weeklyHighs: `query WeeklyHighs { trends(direction: HIGH, period: WEEKLY) { ...TrendTileFields } }\n${trendTile ? print(trendTile) : ''}`,
};

// ---------- measuring ----------

interface Measured {
  label: string;
  seconds: number;
  connections: number;
  answered: number;
  /** Answers per second (every status). */
  rps: number;
  /** 2xx answers without GraphQL errors, per second. */
  okRps: number;
  statuses: Record<string, number>;
  /** 2xx answers that carried GraphQL errors. */
  graphqlErrors: number;
  /** Of which the BFF passing on the API's shedding or rate limit (UPSTREAM_UNAVAILABLE, TOO_MANY_REQUESTS). */
  upstreamShed: number;
  /** The first body of each status other than 200 (diagnostics). */
  samples: Record<string, string>;
  /** Connection errors and timeouts. */
  socketErrors: number;
  timeouts: number;
  /** Latency percentiles of successful answers, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Successful answers' p50 and p99 of each request of the mix (answers on a connection follow the list's order). */
  perRequest: Array<{ p50: number; p99: number }>;
  /** Latency of all answers (shed ones included) by one-second slot: [slot, p99]. */
  p99BySecond: Array<[number, number]>;
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface LoadSpec {
  label: string;
  url: string;
  requests: AutocannonRequest[];
  connections: number;
  seconds: number;
  overallRate?: number;
  /** Responses are GraphQL: a 200 with `errors` counts as an error. */
  graphql?: boolean;
  /**
   * One sample is this many consecutive answers on a connection (latency summed, one per group in
   * the rate): REST holdings are two calls in a row, as the BFF makes them.
   */
  groupSize?: number;
}

function run(spec: LoadSpec): Promise<Measured> {
  const okLatencies: number[] = [];
  const bySecond = new Map<number, number[]>();
  const statuses: Record<string, number> = {};
  let graphqlErrors = 0;
  let upstreamShed = 0;
  const samples: Record<string, string> = {};
  const perRequestLatencies: number[][] = spec.requests.map(() => []);
  let timeouts = 0;
  const started = performance.now();
  const requests = spec.requests.map((request) =>
    spec.graphql
      ? {
          ...request,
          onResponse: (status: number, body: string) => {
            if (status !== 200 && samples[status] === undefined) samples[status] = body.slice(0, 300);
            if (status < 300 && body.includes('"errors":[')) {
              graphqlErrors++;
              samples['200 with errors'] ??= body.slice(0, 300);
              if (/"code":"(UPSTREAM_UNAVAILABLE|TOO_MANY_REQUESTS)"/.test(body)) upstreamShed++;
            }
          },
        }
      : request,
  );
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.seconds,
        requests,
        timeout: 10,
        ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = Float64Array.from(okLatencies).sort();
        const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
        const ok = Object.entries(statuses)
          .filter(([status]) => status.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        const p99BySecond = [...bySecond.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([slot, values]): [number, number] => [
            slot,
            percentile(
              values.sort((a, b) => a - b),
              99,
            ),
          ]);
        resolve({
          label: spec.label,
          seconds: spec.seconds,
          connections: spec.connections,
          answered,
          rps: answered / spec.seconds,
          okRps: (ok - graphqlErrors) / spec.seconds,
          statuses,
          graphqlErrors,
          upstreamShed,
          samples,
          perRequest: perRequestLatencies.map((values) => {
            const sortedValues = values.sort((a, b) => a - b);
            return { p50: percentile(sortedValues, 50), p99: percentile(sortedValues, 99) };
          }),
          socketErrors: result.errors,
          timeouts: Math.max(timeouts, result.timeouts),
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
          p99BySecond,
        });
      },
    );
    const groupSize = spec.groupSize ?? 1;
    const partial = new Map<unknown, { count: number; ms: number; ok: boolean }>();
    const answersByClient = new Map<unknown, number>();
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const group = partial.get(client) ?? { count: 0, ms: 0, ok: true };
      group.count++;
      group.ms += responseTime;
      group.ok &&= statusCode >= 200 && statusCode < 300;
      if (group.count < groupSize) {
        partial.set(client, group);
        return;
      }
      partial.delete(client);
      responseTime = group.ms;
      if (groupSize === 1) {
        const index = answersByClient.get(client) ?? 0;
        answersByClient.set(client, index + 1);
        if (statusCode >= 200 && statusCode < 300)
          perRequestLatencies[index % spec.requests.length]!.push(responseTime);
      }
      if (!group.ok && statusCode < 300) statusCode = 599;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) okLatencies.push(responseTime);
      const slot = Math.floor((performance.now() - started) / 1000);
      let values = bySecond.get(slot);
      if (!values) bySecond.set(slot, (values = []));
      values.push(responseTime);
    });
    instance.on('reqError', (error) => {
      if (/timeout/i.test(error.message)) timeouts++;
    });
  });
}

// ---------- heap through the IPC probe ----------

interface HeapSample {
  heapUsed: number;
  rss: number;
  forcedGc: boolean;
}

let heapRequestId = 0;
function heap(service: ServiceProcess): Promise<HeapSample> {
  const id = ++heapRequestId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no heap answer within 10 s')), 10_000);
    const listener = (message: unknown) => {
      const answer = message as { type?: string; id?: number } & HeapSample;
      if (answer?.type !== 'bazaar-heap' || answer.id !== id) return;
      clearTimeout(timer);
      service.child.off('message', listener);
      resolve({ heapUsed: answer.heapUsed, rss: answer.rss, forcedGc: answer.forcedGc });
    };
    service.child.on('message', listener);
    service.child.send({ type: 'bazaar-heap', id });
  });
}

// ---------- formatting ----------

const ms = (value: number) => (Number.isFinite(value) ? (value < 10 ? value.toFixed(2) : value.toFixed(0)) : '-');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '-');
const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ') || 'none';

interface Row {
  figure: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}
const rows: Row[] = [];
function report(figure: string, value: string, target = '', ok?: boolean): void {
  rows.push({ figure, value, target, ok });
  console.log(
    `  ${figure}: ${value}${target ? ` (target ${target}${ok === undefined ? '' : ok ? ', met' : ', MISSED'})` : ''}`,
  );
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

// ---------- the attacker's process ----------

interface AttackerProcess {
  pid: number | undefined;
  /** Starts the attack; answers its name once it runs. */
  start(key: string, target: AttackTarget): Promise<string>;
  stop(): Promise<AttackTally>;
  kill(): void;
}

/** bench/load/attacker.ts as a child process (through tsx, like this script), driven over IPC. */
function startAttacker(): Promise<AttackerProcess> {
  const child = fork(path.join(HERE, 'attacker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type === 'failed') return finish(() => reject(new Error(`attacker: ${String(message.message)}`)));
        if (message.type === type) finish(() => resolve(message));
      };
      const onExit = (code: number | null) => finish(() => reject(new Error(`the attacker exited (${code})`)));
      const finish = (then: () => void) => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        then();
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return new Promise((resolve, reject) => {
    child.once('spawn', () =>
      resolve({
        pid: child.pid,
        async start(key, target) {
          const started = next('started');
          child.send({ type: 'start', key, target });
          return String((await started).name);
        },
        async stop() {
          const stopped = next('stopped');
          child.send({ type: 'stop' });
          return (await stopped).tally as AttackTally;
        },
        kill: () => {
          if (child.exitCode === null) child.kill('SIGKILL');
        },
      }),
    );
    child.once('error', reject);
  });
}

// ---------- main ----------

async function login(apiUrl: string, [username, password]: readonly [string, string]): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login of ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  ensureBuilt();
  const server = await postgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-load-'));
  const launch = {
    nodeArgs: ['--expose-gc', '--import', path.join(HERE, 'heap-probe.mjs')],
    ipc: true,
    fromSource: FROM_SOURCE,
  };
  let api: ServiceProcess | undefined;
  let bff: ServiceProcess | undefined;
  // section 7's second API and BFF, counting in memory
  let memoryApi: ServiceProcess | undefined;
  let memoryBff: ServiceProcess | undefined;
  const memoryDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-load-memory-'));
  try {
    const setupStarted = Date.now();
    const apiEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: server.url('postgres'),
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      RATE_LIMIT_PER_MINUTE: UNLIMITED_RATE,
      // the tradebook attack imports back to back, not the 6 a minute an account may start
      TRADEBOOK_IMPORTS_PER_MINUTE: UNLIMITED_RATE,
      // the key runs count every request: a quota they never reach
      API_KEY_DAILY_REQUESTS: UNLIMITED_RATE,
      API_KEY_POINTS_PER_MINUTE: UNLIMITED_RATE,
      MAX_IN_FLIGHT_PER_CLIENT: PER_CLIENT_IN_FLIGHT,
      TRUST_PROXY: TRUSTED_PROXY,
      ADMIN_PASSWORD: DEMO.admin[1],
      STAFF_PASSWORD: DEMO.staff[1],
      INVESTOR_PASSWORD: DEMO.investor[1],
    };
    api = await startApi(apiEnv, undefined, launch);
    const bffEnv = {
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: UNLIMITED_RATE,
      MAX_IN_FLIGHT_PER_CLIENT: PER_CLIENT_IN_FLIGHT,
      TRUST_PROXY: TRUSTED_PROXY,
    };
    // the BFF counts its per-address limit in PostgreSQL, as every instance of several would
    bff = await startBff(api.url, { ...bffEnv, DATABASE_URL: server.url('postgres') }, launch);
    const token = await login(api.url, DEMO.investor);
    const auth = { authorization: `Bearer ${token}` };
    const gqlUrl = `${bff.url}/graphql`;
    const gql = (query: string, variables: Record<string, unknown> = {}): AutocannonRequest => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ query, variables }),
    });
    const rest = (restPath: string): AutocannonRequest => ({ method: 'GET', path: restPath, headers: auth });

    // the investor's first holding is the company analysed (it has prices); every operation must answer data
    const holdings = (await (await fetch(`${api.url}/api/user/holding`, { headers: auth })).json()) as Array<{
      symbol: string;
    }>;
    const symbol = holdings[0]?.symbol;
    if (!symbol) throw new Error('the demo investor has no holdings: is DEMO_DATA on?');
    const mixed = [
      gql(QUERIES.stockPrices),
      gql(QUERIES.technicalAnalysis),
      gql(QUERIES.companyAnalysis, { symbol }),
      gql(QUERIES.holdings),
    ];
    for (const request of mixed) {
      const answer = await fetch(gqlUrl, { method: 'POST', headers: request.headers, body: request.body });
      const body = (await answer.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
      if (!answer.ok || body.errors || !body.data)
        throw new Error(`a mixed-load operation fails: ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    // the REST calls a client needs for the same data (the REST holdings carry their quotes)
    const pairs = [
      { name: 'stock prices', rest: [rest('/api/public/stock-prices')], bff: gql(QUERIES.stockPrices) },
      {
        name: 'weekly highs',
        rest: [rest('/api/public/stock-prices/weeks-high?type=WEEKLY')],
        bff: gql(QUERIES.weeklyHighs),
      },
      { name: 'holdings', rest: [rest('/api/user/holding')], bff: gql(QUERIES.holdings) },
    ];
    for (const pair of pairs) {
      for (const call of pair.rest) {
        const restAnswer = await fetch(`${api.url}${call.path}`, { headers: auth });
        if (!restAnswer.ok) throw new Error(`${pair.name}: REST ${call.path} answers ${restAnswer.status}`);
      }
      const bffAnswer = await fetch(gqlUrl, { method: 'POST', headers: pair.bff.headers, body: pair.bff.body });
      if (!bffAnswer.ok) throw new Error(`${pair.name}: BFF ${bffAnswer.status}`);
    }
    console.log(
      `Load benchmark: API + BFF (built, NODE_ENV=production) on PostgreSQL, demo data; company analysed: ${symbol}; set-up ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    console.log(
      `Rate limits raised to ${UNLIMITED_RATE}/min per address for the run (every request comes from 127.0.0.1). Noisy: 2 shared cores, autocannon on the same machine.`,
    );

    const mix = (label: string, connections: number, seconds: number, overallRate?: number) =>
      run({
        label,
        url: gqlUrl,
        requests: mixed,
        connections,
        seconds,
        graphql: true,
        ...(overallRate ? { overallRate } : {}),
      });

    // 1. maximum throughput
    await mix('warm-up', 10, SECONDS.warmup);
    const max = await mix('saturated', SATURATED_CONNECTIONS, SECONDS.max);
    const maxRps = max.okRps;
    console.log('\n1. Mixed read load through the BFF (stock prices, technical analysis, company analysis, holdings)');
    report(
      `maximum throughput (${SATURATED_CONNECTIONS} connections, ${SECONDS.max} s)`,
      `${maxRps.toFixed(0)} req/s, p50 ${ms(max.p50)} ms, p99 ${ms(max.p99)} ms, statuses ${statusText(max.statuses)}`,
    );

    const halfRate = Math.max(1, Math.round(maxRps / 2));
    // 2. half the maximum for 60 s
    if (section('half')) {
      const half = await mix('half', SATURATED_CONNECTIONS, SECONDS.half, halfRate);
      const halfErrors =
        half.answered - (half.statuses['200'] ?? 0) + half.graphqlErrors + half.socketErrors + half.timeouts;
      report(
        `half the maximum (${halfRate} req/s, ${SECONDS.half} s): errors`,
        `${halfErrors} of ${half.answered} (statuses ${statusText(half.statuses)}, GraphQL errors ${half.graphqlErrors}, socket errors ${half.socketErrors}, timeouts ${half.timeouts})`,
        '0',
        halfErrors <= TARGETS.halfErrors,
      );
      report(
        `half the maximum: achieved rate, p50, p99`,
        `${half.okRps.toFixed(0)} req/s, p50 ${ms(half.p50)} ms, p99 ${ms(half.p99)} ms`,
      );
      report(
        'half the maximum: p50 / p99 by operation',
        MIX_NAMES.map(
          (name, index) => `${name} ${ms(half.perRequest[index]!.p50)} / ${ms(half.perRequest[index]!.p99)} ms`,
        ).join(', '),
      );
      report(
        'half the maximum: p99 / p50',
        ratio(half.p99 / half.p50),
        `≤ ${TARGETS.halfP99OverP50}×`,
        half.p99 / half.p50 <= TARGETS.halfP99OverP50,
      );
    }

    // 3. twice the maximum, beyond the in-flight limit
    if (section('overdrive')) {
      const over = await mix('overdrive', OVERDRIVE_CONNECTIONS, SECONDS.overdrive, Math.round(maxRps * 2));
      const shed = (over.statuses['429'] ?? 0) + (over.statuses['503'] ?? 0) + over.upstreamShed;
      const firstSlots = over.p99BySecond.filter(([slot]) => slot >= 1 && slot <= 5).map(([, p99]) => p99);
      const lastSlots = over.p99BySecond
        .filter(([slot]) => slot >= SECONDS.overdrive - 5 && slot < SECONDS.overdrive)
        .map(([, p99]) => p99);
      const growth = median(lastSlots) / median(firstSlots);
      console.log(
        `\n3. Twice the maximum (${Math.round(maxRps * 2)} req/s offered, ${OVERDRIVE_CONNECTIONS} connections, ${SECONDS.overdrive} s)`,
      );
      report(
        'answers by status',
        `${statusText(over.statuses)}; socket errors ${over.socketErrors}, timeouts ${over.timeouts}`,
      );
      for (const [status, body] of Object.entries(over.samples)) console.log(`    a ${status} answer: ${body}`);
      report(
        "shed (429 + 503, or the API's 503 passed on as UPSTREAM_UNAVAILABLE)",
        `${shed} of ${over.answered} (${((100 * shed) / Math.max(1, over.answered)).toFixed(1)}%)`,
        '> 0',
        shed > 0,
      );
      report(
        'served: rate, p50, p99, max',
        `${over.okRps.toFixed(0)} req/s, p50 ${ms(over.p50)} ms, p99 ${ms(over.p99)} ms, max ${ms(over.max)} ms`,
      );
      report(
        'all answers: median per-second p99, seconds 1–5 → last 5',
        `${ms(median(firstSlots))} ms → ${ms(median(lastSlots))} ms (${ratio(growth)})`,
        `≤ ${TARGETS.overdriveGrowth}× and no timeouts`,
        growth <= TARGETS.overdriveGrowth && over.timeouts === 0,
      );
    }

    // 4. BFF vs REST, interleaved
    if (section('compare')) {
      console.log(
        `\n4. BFF vs direct REST for the same data (interleaved, ${COMPARE_ROUNDS} rounds of ${SECONDS.compare} s per side)`,
      );
      /**
       * COMPARE_ROUNDS rounds of the pair's REST calls and its BFF query, ABBA order (drift of the
       * machine's load hits both sides alike): each side's measurements.
       */
      const restUrl = api.url;
      const interleaved = async (pair: (typeof pairs)[number], connections: number, seconds: number) => {
        const measured = { rest: [] as Measured[], bff: [] as Measured[] };
        for (let round = 0; round < COMPARE_ROUNDS; round++) {
          const order = round % 2 === 0 ? (['rest', 'bff'] as const) : (['bff', 'rest'] as const);
          for (const side of order) {
            measured[side].push(
              side === 'rest'
                ? await run({
                    label: `${pair.name} REST`,
                    url: restUrl,
                    requests: pair.rest,
                    groupSize: pair.rest.length,
                    connections,
                    seconds,
                  })
                : await run({
                    label: `${pair.name} BFF`,
                    url: gqlUrl,
                    requests: [pair.bff],
                    connections,
                    seconds,
                    graphql: true,
                  }),
            );
          }
        }
        return measured;
      };
      for (const pair of pairs) {
        for (const connections of [1, 10]) {
          const measured = await interleaved(pair, connections, SECONDS.compare);
          const restP50 = measured.rest.map((m) => m.p50);
          const bffP50 = measured.bff.map((m) => m.p50);
          const p50Ratio = median(bffP50) / median(restP50);
          report(
            `${pair.name}, ${connections} connection${connections === 1 ? '' : 's'}: p50 REST ${ms(median(restP50))} ms, BFF ${ms(median(bffP50))} ms, BFF/REST`,
            ratio(p50Ratio),
            `≤ ${TARGETS.p50Ratio}×`,
            p50Ratio <= TARGETS.p50Ratio,
          );
        }
        const saturated = await interleaved(pair, SATURATED_CONNECTIONS, SECONDS.saturated);
        const restRps = saturated.rest.map((m) => m.okRps);
        const bffRps = saturated.bff.map((m) => m.okRps);
        const throughputRatio = median(bffRps) / median(restRps);
        report(
          `${pair.name}, saturated (${SATURATED_CONNECTIONS} connections): REST ${median(restRps).toFixed(0)} req/s, BFF ${median(bffRps).toFixed(0)} req/s, BFF/REST`,
          ratio(throughputRatio),
          `≥ ${TARGETS.throughputRatio}×`,
          throughputRatio >= TARGETS.throughputRatio,
        );
      }
    }

    // 5. soak at half the maximum
    if (section('soak')) {
      console.log(`\n5. Soak: the mixed load at ${halfRate} req/s for ${soakMinutes} min; heap after a forced GC`);
      const soakSeconds = Math.round(soakMinutes * 60);
      const sampleEvery = Math.max(10, Math.round(soakSeconds / 10));
      const warmSeconds = Math.min(60, Math.round(soakSeconds / 5));
      const samples: Array<{ at: number; api: HeapSample; bff: HeapSample }> = [];
      const soakStarted = Date.now();
      const soakRun = mix('soak', SATURATED_CONNECTIONS, soakSeconds, halfRate);
      const sampler = (async () => {
        for (let at = warmSeconds; at < soakSeconds - 2; at += sampleEvery) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, soakStarted + at * 1000 - Date.now())));
          samples.push({ at, api: await heap(api!), bff: await heap(bff!) });
        }
      })();
      const soak = await soakRun;
      await sampler;
      // and once the load has stopped and the last requests are done
      samples.push({ at: soakSeconds, api: await heap(api), bff: await heap(bff) });
      const first = samples[0]!;
      const last = samples[samples.length - 1]!;
      const soakErrors =
        soak.answered - (soak.statuses['200'] ?? 0) + soak.graphqlErrors + soak.socketErrors + soak.timeouts;
      report(
        'soak: answers, errors, p50, p99',
        `${soak.answered} answers, ${soakErrors} errors, p50 ${ms(soak.p50)} ms, p99 ${ms(soak.p99)} ms`,
      );
      console.log(
        `  heap samples (s: api / bff): ${samples.map((s) => `${s.at}: ${mb(s.api.heapUsed)} / ${mb(s.bff.heapUsed)}`).join('; ')}`,
      );
      for (const service of ['api', 'bff'] as const) {
        const grown = last[service].heapUsed / first[service].heapUsed - 1;
        report(
          `soak: ${service.toUpperCase()} heap after GC, ${first.at} s → ${last.at} s${first[service].forcedGc ? '' : ' (no forced GC!)'}`,
          `${mb(first[service].heapUsed)} → ${mb(last[service].heapUsed)} (${grown >= 0 ? '+' : ''}${(grown * 100).toFixed(1)}%), rss ${mb(last[service].rss)}`,
          `≤ +${TARGETS.heapGrowth * 100}%`,
          grown <= TARGETS.heapGrowth,
        );
      }
    }

    // 6. under attack
    if (section('attack')) {
      const normalRate = Math.max(1, Math.round(maxRps / 4));
      console.log(
        `\n6. Under attack: the mixed load at ${normalRate} req/s (${ATTACK_CONNECTIONS} connections, ${SECONDS.attack} s) alone, then during each attack (the attacker in its own process)`,
      );
      const errorsOf = (m: Measured) =>
        m.answered - (m.statuses['200'] ?? 0) + m.graphqlErrors + m.socketErrors + m.timeouts;
      const target = { apiUrl: api.url, bffUrl: bff.url, symbol };
      const attacks = ATTACKS.filter((attack) => !chosenAttacks || chosenAttacks.has(attack.key));
      if (chosenAttacks && attacks.length === 0)
        throw new Error(`--attacks names none of ${ATTACKS.map((attack) => attack.key).join(', ')}`);
      for (const attack of attacks) {
        const attacker = await startAttacker();
        const sources = {
          API: () => cpuSecondsOf(api!.child.pid),
          BFF: () => cpuSecondsOf(bff!.child.pid),
          PostgreSQL: () => cpuSecondsWithChildren((server as { pid?: () => number | undefined }).pid?.()),
          attacker: () => cpuSecondsOf(attacker.pid),
          'load generator': () => {
            const { user, system } = process.cpuUsage();
            return (user + system) / 1e6;
          },
        };
        try {
          // the same mix without the attack, just before it: the machine's load drifts
          const aloneCpu = cpuMeter(sources);
          const alone = await mix('before the attack', ATTACK_CONNECTIONS, SECONDS.attack, normalRate);
          const aloneUsed = aloneCpu();
          const name = await attacker.start(attack.key, target);
          const attackedCpu = cpuMeter(sources);
          let attacked: Measured;
          try {
            attacked = await mix(`during ${name}`, ATTACK_CONNECTIONS, SECONDS.attack, normalRate);
          } finally {
            const attackedUsed = attackedCpu();
            const tally = await attacker.stop();
            console.log(`    ${name} from ${attack.from}: ${tally.sent} sent; answers ${statusText(tally.statuses)}`);
            console.log(`    CPU without the attack: ${cpuText(aloneUsed, SECONDS.attack)}`);
            console.log(`    CPU during the attack:  ${cpuText(attackedUsed, SECONDS.attack)}`);
          }
          const growth = attacked.p99 / alone.p99;
          const errors = errorsOf(attacked);
          report(
            `under attack: ${name}: normal clients p50 / p99, errors (without the attack)`,
            `${ms(attacked.p50)} / ${ms(attacked.p99)} ms, ${errors} of ${attacked.answered} (${ms(alone.p50)} / ${ms(alone.p99)} ms, ${errorsOf(alone)} of ${alone.answered}): p50 ${ratio(attacked.p50 / alone.p50)}, p99 ${ratio(growth)}`,
            `p99 ≤ ${TARGETS.attackP99Growth}×, ${TARGETS.attackErrors} errors`,
            growth <= TARGETS.attackP99Growth && errors <= TARGETS.attackErrors,
          );
          if (errors > 0)
            for (const [status, body] of Object.entries(attacked.samples))
              console.log(`    a ${status} answer: ${body}`);
        } finally {
          attacker.kill();
        }
      }
    }

    // 7. API keys: a key against a session, and the shared counters against memory ones
    if (section('keys')) {
      console.log(
        `\n7. API keys: the same reads with a key and with a session (alternating request by request on 1 connection), then with the counters in PostgreSQL and in memory (1 connection each, at the same time); ${COMPARE_ROUNDS} rounds of ${2 * SECONDS.compare} s`,
      );
      const made = await fetch(`${api.url}/api/user/api-keys`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench:load', scopes: ['market:read', 'portfolio:read'], expiresInDays: 7 }),
      });
      if (made.status !== 201) throw new Error(`making a key failed: ${made.status} ${await made.text()}`);
      const keyAuth = { authorization: `Bearer ${((await made.json()) as { key: string }).key}` };
      const withHeaders = (request: AutocannonRequest, headers: Record<string, string>): AutocannonRequest => ({
        ...request,
        headers: { ...request.headers, ...headers },
      });
      const reads = [
        { name: 'REST holdings', rest: true, session: rest('/api/user/holding'), path: '' },
        { name: 'Holdings page through the BFF', rest: false, session: gql(QUERIES.holdings), path: '/graphql' },
      ];
      for (const read of reads) {
        const answer = await fetch(`${read.rest ? api.url : bff.url}${read.rest ? '/api/user/holding' : read.path}`, {
          method: read.session.method,
          headers: withHeaders(read.session, keyAuth).headers,
          body: read.session.body as string | undefined,
        });
        if (!answer.ok) throw new Error(`${read.name} with a key: ${answer.status} ${await answer.text()}`);
      }
      const measure = (label: string, url: string, request: AutocannonRequest, graphql: boolean) => () =>
        run({
          label,
          url,
          requests: [request],
          connections: 1,
          seconds: 2 * SECONDS.compare,
          ...(graphql ? { graphql } : {}),
        });
      /** Two requests alternating on one connection, `first` first: the p50 of each. */
      const alternating = async (url: string, first: AutocannonRequest, second: AutocannonRequest, graphql: boolean) =>
        (
          await run({
            label: 'alternating',
            url,
            requests: [first, second],
            connections: 1,
            seconds: 2 * SECONDS.compare,
            ...(graphql ? { graphql } : {}),
          })
        ).perRequest.map((side) => side.p50);
      /** COMPARE_ROUNDS rounds, the two runs at the same time: the median p50 of each side. */
      const sideBySide = async (first: () => Promise<Measured>, second: () => Promise<Measured>) => {
        const p50s: [number[], number[]] = [[], []];
        for (let round = 0; round < COMPARE_ROUNDS; round++) {
          const [a, b] = await Promise.all([first(), second()]);
          p50s[0].push(a.p50);
          p50s[1].push(b.p50);
        }
        return [median(p50s[0]), median(p50s[1])] as const;
      };
      for (const read of reads) {
        const url = read.rest ? api.url : gqlUrl;
        const keyed = withHeaders(read.session, keyAuth);
        const p50s: [number[], number[]] = [[], []];
        for (let round = 0; round < COMPARE_ROUNDS; round++) {
          // session first in even rounds, key first in odd ones
          const sessionFirst = round % 2 === 0;
          const [a = Number.NaN, b = Number.NaN] = sessionFirst
            ? await alternating(url, read.session, keyed, !read.rest)
            : await alternating(url, keyed, read.session, !read.rest);
          p50s[0].push(sessionFirst ? a : b);
          p50s[1].push(sessionFirst ? b : a);
        }
        const [sessionP50, keyP50] = [median(p50s[0]), median(p50s[1])];
        const keyRatio = keyP50 / sessionP50;
        report(
          `${read.name}: p50 with a session ${ms(sessionP50)} ms, with a key ${ms(keyP50)} ms, key/session`,
          ratio(keyRatio),
          `≤ ${TARGETS.keyOverSession}×`,
          keyRatio <= TARGETS.keyOverSession,
        );
      }
      // a second API and BFF on the same database, counting in memory; this stack counts in PostgreSQL
      memoryApi = await startApi(
        { ...apiEnv, DATA_DIR: memoryDataDir, DEMO_DATA: '0', COUNTER_STORE: 'memory' },
        undefined,
        launch,
      );
      memoryBff = await startBff(memoryApi.url, { ...bffEnv, COUNTER_STORE: 'memory' }, launch);
      const memoryGqlUrl = `${memoryBff.url}/graphql`;
      for (const read of reads) {
        const keyed = withHeaders(read.session, keyAuth);
        const [sharedUrl, memoryUrl] = read.rest ? [api.url, memoryApi.url] : [gqlUrl, memoryGqlUrl];
        // the memory stack's first answers fill its caches
        await measure('warm-up', memoryUrl, keyed, !read.rest)();
        const [sharedP50, memoryP50] = await sideBySide(
          measure(`${read.name}, key, counters in PostgreSQL`, sharedUrl, keyed, !read.rest),
          measure(`${read.name}, key, counters in memory`, memoryUrl, keyed, !read.rest),
        );
        const added = sharedP50 - memoryP50;
        report(
          `${read.name} with a key: p50 counting in PostgreSQL ${ms(sharedP50)} ms, in memory ${ms(memoryP50)} ms: added (PostgreSQL/memory)`,
          `${added >= 0 ? '+' : ''}${ms(added)} ms (${ratio(sharedP50 / memoryP50)})`,
          `≤ ${TARGETS.sharedCountersMs} ms`,
          added <= TARGETS.sharedCountersMs,
        );
      }
    }

    // the table
    console.log(`\n| figure | value | target |\n|---|---|---|`);
    for (const row of rows)
      console.log(
        `| ${row.figure} | ${row.value} | ${row.target ? `${row.target}${row.ok === undefined ? '' : row.ok ? ' ✓' : ' ✗ missed'}` : ''} |`,
      );
    const missed = rows.filter((row) => row.ok === false);
    console.log(
      `\n${missed.length === 0 ? 'All targets met' : `${missed.length} target(s) missed`} in ${((Date.now() - startedAt) / 60_000).toFixed(1)} min.`,
    );
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    if (process.env.BENCH_DEBUG) for (const service of [api, bff]) console.log(service?.output().slice(-4000));
    for (const service of [api, bff, memoryApi, memoryBff]) service?.kill('SIGKILL');
    fs.rmSync(memoryDataDir, { recursive: true, force: true });
    server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
