/**
 * Benchmark of the holdings screen's query (`npm run bench:portfolio`): the built REST API and BFF
 * as processes (bench/lib/stack.ts; PGlite on disk, or BENCH_DB=postgres), an investor with 50
 * holdings in one segment and 1 in another, a year of prices per symbol (uploaded by staff as a
 * bhavcopy). It measures, in the same run, the holdings query at 1 row (the baseline) and at 50
 * rows, and counts the REST calls each one makes (through a second BFF whose REST calls pass a
 * counting proxy, so the timed BFF talks to the API directly).
 * Targets (docs/decisions.md#holdings-performance): at most 3 REST calls for 50 rows; p50 at 50 rows within 1.5× of 1
 * row. Repeated views of unchanged holdings are the common case: the REST API answers them 304 to the
 * BFF's If-None-Match (ETag from data_versions). For information it also prints the p50 of views
 * that each follow a price write (a one-row upload), where everything is computed afresh.
 * Exits with status 1 when a target is missed. --quick: 30 samples (to try the script).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNTS,
  login as restLogin,
  percentile,
  startStack,
  uploadPrices,
  type ServiceProcess,
} from '../lib/stack.js';

const ROWS = 50;
const WARMUP = 30;
const QUICK = process.argv.includes('--quick');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? (QUICK ? 30 : 300));
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

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

/** Rows of a legacy NSE bhavcopy (the upload page's most common file). */
function bhavcopy(rows: Array<{ symbol: string; index: number; date: string; close: string }>): Buffer {
  const lines = rows.map(({ symbol, index, date, close }) => {
    const [year, month, day] = date.split('-');
    const timestamp = `${day}-${MONTHS[Number(month) - 1]}-${year}`;
    const isin = `INE${String(index).padStart(3, '0')}BEN01${index % 10}`;
    return `${symbol},EQ,${close},${close},${close},${close},${close},${close},100,${close},${timestamp},1,${isin},`;
  });
  return Buffer.from(`${[HEADER, ...lines].join('\n')}\n`);
}

/** A pass-through HTTP proxy that counts the requests it forwards. */
async function countingProxy(
  target: string,
): Promise<{ url: string; count: () => number; reset: () => void; close: () => void }> {
  let count = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    count += 1;
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    reset: () => void (count = 0),
    close: () => {
      server.close();
      agent.destroy();
    },
  };
}

/** Peak resident memory (MB) of a process since the last reset: Linux's VmHWM, reset through clear_refs. */
function peakMemory(pid: number | undefined): { reset: () => boolean; read: () => number | null } {
  const status = () => (pid ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : '');
  return {
    reset: () => {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    read: () => {
      try {
        const kb = /VmHWM:\s+(\d+) kB/.exec(status())?.[1];
        return kb ? Number(kb) / 1024 : null;
      } catch {
        return null;
      }
    },
  };
}

const DASHBOARD_SIZES = [1, 50, 500];
const MAX_DASHBOARD_RATIO = 2;

/** The dashboard page's operation (web/src/features/home/api/home.graphql), fields as the page asks. */
const DASHBOARD_QUERY = `query BenchDashboard {
  dashboard {
    asOf priceDate openHoldings totals { holdings invested currentValue realized unrealized charges net }
    dividends netProfitLoss dayChange dayChangePercent xirr
    firms { brokerageFirm { id name } totals { currentValue net } dividends netProfitLoss xirr }
    allocationByIndustry { name value percent } allocationByFirm { name value percent }
    gainers { symbol companyName closePrice changePerDay changePercent quantity valueChange }
    losers { symbol companyName closePrice changePerDay changePercent quantity valueChange }
    inTodaysLists { symbol held watched closePrice changePercent headline }
    alerts { kind title message tone symbol }
  }
}`;

/**
 * The investor dashboard (docs/product/home.md#dashboard) with 1, 50 and 500 holdings (three investors made
 * by the administrator; 500 = 10 lots of each of the 50 symbols on different days, every fifth one sold),
 * timed interleaved through the BFF. Target: p50 at 50 and at 500 holdings within 2× of 1 holding.
 */
async function benchDashboard(
  apiUrl: string,
  gql: (
    query: string,
    variables?: Record<string, unknown>,
    cookie?: string,
  ) => Promise<{ cookie?: string | undefined }>,
  symbols: string[],
  dates: string[],
): Promise<boolean> {
  const admin = await restLogin(apiUrl, ACCOUNTS.admin);
  const rest = async (token: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${apiUrl}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const roles = (await rest(admin, 'GET', '/admin/roles')) as Array<{ id: number; name: string }>;
  const cookies: string[] = [];
  for (const size of DASHBOARD_SIZES) {
    const account = { username: `dash${size}`, password: 'Dashboard@123' };
    await rest(admin, 'POST', '/admin/users', {
      ...account,
      firstName: 'Dash',
      lastName: String(size),
      email: `dash${size}@example.com`,
      roles: [roles.find((role) => role.name === 'ROLE_USER')],
    });
    const token = await restLogin(apiUrl, account);
    for (let i = 0; i < size; i++) {
      const symbol = symbols[i % ROWS] as string;
      const bought = dates[10 + Math.floor(i / ROWS) * 15] as string;
      const sold = i % 5 === 4 ? { sellPrice: '112.5', sellingDate: dates[200] } : {};
      await rest(token, 'POST', '/user/holding', {
        symbol,
        price: '100',
        quantity: 10,
        exchange: 'NSE',
        creationDate: bought,
        brokerageFirm: { name: 'Zerodha' },
        instrumentType: 'Equity',
        ...sold,
      });
    }
    const login = await gql(
      `mutation { login(username: "${account.username}", password: "${account.password}") { expiresAt } }`,
    );
    cookies.push(login.cookie as string);
  }
  const samples = Math.ceil(SAMPLES / 3);
  const timings: number[][] = DASHBOARD_SIZES.map(() => []);
  for (let i = 0; i < WARMUP + samples; i++) {
    for (const [index, cookie] of cookies.entries()) {
      const started = process.hrtime.bigint();
      await gql(DASHBOARD_QUERY, {}, cookie);
      if (i >= WARMUP) timings[index]?.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  const p50 = timings.map((list) =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    ),
  );
  const p95 = timings.map((list) =>
    percentile(
      [...list].sort((a, b) => a - b),
      95,
    ),
  );
  console.log(`\ndashboard query through the BFF (${samples} interleaved samples per size, after ${WARMUP} warm-up)`);
  console.log('holdings    p50 ms   p95 ms   vs 1');
  for (const [index, size] of DASHBOARD_SIZES.entries())
    console.log(
      `${String(size).padEnd(10)}${(p50[index] ?? 0).toFixed(2).padStart(8)}${(p95[index] ?? 0).toFixed(2).padStart(9)}${((p50[index] ?? 0) / (p50[0] ?? 1)).toFixed(2).padStart(6)}×`,
    );
  const worst = Math.max(...p50.slice(1)) / (p50[0] ?? 1);
  const ok = worst <= MAX_DASHBOARD_RATIO;
  console.log(
    `dashboard p50 ratio, largest / 1 holding: ${worst.toFixed(2)}× (target ≤ ${MAX_DASHBOARD_RATIO}×) ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok;
}

const IMPORT_TRADES = 5_000;

/**
 * Tradebook import (docs/product/portfolio.md#tradebook-import) of a 5,000-trade Zerodha tradebook:
 * for each of the 50 holding symbols, 100 trades on successive days at that day's close (a buy of
 * 10, then a sell of 7, in turn), so sells close the stored lot first, then split the file's own.
 * Times the preview (its writes rolled back) and the commit through POST /api/user/holding/import,
 * then the same file again (every trade skipped), with the API process's peak memory in each.
 */
async function benchImport(api: ServiceProcess, token: string, symbols: string[], dates: string[]): Promise<void> {
  const header =
    'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
  const lines = [header];
  for (let s = 0; s < ROWS; s++) {
    for (let k = 0; k < IMPORT_TRADES / ROWS; k++) {
      const d = 100 + k;
      const close = (100 + s + (d % 7) * 0.5).toFixed(2);
      const side = k % 2 === 0 ? 'buy' : 'sell';
      const id = String(1_000_000 + s * 1000 + k);
      lines.push(
        `${symbols[s]},INE000000000,${dates[d]},NSE,EQ,EQ,${side},false,${side === 'buy' ? 10 : 7},${close},${id},9${id},${dates[d]}T10:00:00`,
      );
    }
  }
  const file = Buffer.from(`${lines.join('\n')}\n`);
  const memory = peakMemory(api.child.pid);
  const send = async (dryRun: boolean) => {
    const form = new FormData();
    form.set('brokerageFirm', 'Zerodha');
    form.set('segment', 'Equity');
    form.set('file', new Blob([file]), 'tradebook.csv');
    const resetOk = memory.reset();
    const started = process.hrtime.bigint();
    const response = await fetch(`${api.url}/api/user/holding/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as {
      buys: number;
      sells: number;
      skipped: number;
      holdings: unknown[];
      problems: unknown[];
    };
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.status !== 200)
      throw new Error(`import answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, body, peak: resetOk ? memory.read() : null };
  };
  const preview = await send(true);
  const commit = await send(false);
  const again = await send(false);
  if (commit.body.buys + commit.body.sells !== IMPORT_TRADES || again.body.skipped !== IMPORT_TRADES)
    throw new Error(
      `unexpected import counts: ${JSON.stringify({ commit: commit.body.buys, again: again.body.skipped })}`,
    );
  const mb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
  console.log(
    `\ntradebook import: ${IMPORT_TRADES.toLocaleString('en-IN')} trades (${(file.length / 1024).toFixed(0)} KB CSV), REST API, API process peak RSS`,
  );
  console.log('step                 ms   holdings after   peak RSS');
  for (const [label, run] of [
    ['preview (dryRun)', preview],
    ['commit', commit],
    ['again (all skipped)', again],
  ] as const)
    console.log(
      `${label.padEnd(20)}${run.ms.toFixed(0).padStart(6)}${String(run.body.holdings.length).padStart(17)}${mb(run.peak).padStart(11)}`,
    );
}

async function main(): Promise<void> {
  const stack = await startStack();
  const proxy = await countingProxy(stack.api.url);
  try {
    const engine = stack.engine;
    const bff = await stack.startBff();
    const endpoint = `${bff.url}/graphql`;
    // the same BFF, its REST calls counted on the way (REST_API_URL through the proxy)
    const countedBff = await stack.startBff({
      REST_API_URL: `${proxy.url}/api`,
      INSIGHT_API_URL: `${proxy.url}/insight`,
    });

    // --- data: a year of prices for 51 symbols (one staff upload), charges of the seeded firm, 50 + 1 holdings ---
    const symbols = Array.from({ length: ROWS + 1 }, (_, i) => `BENCH${String(i).padStart(2, '0')}`);
    const dates = weekdaysBefore('2025-01-10', 250);
    const values = symbols.flatMap((symbol, s) =>
      dates.map((date, d) => ({ symbol, index: s, date, close: (100 + s + (d % 7) * 0.5).toFixed(2) })),
    );
    const staff = await restLogin(stack.api.url, ACCOUNTS.staff);
    await uploadPrices(stack.api.url, staff, 'bench-prices.csv', bhavcopy(values));
    /** One price of BENCH00 on the last day, alternating, so every write really changes data. */
    let writes = 0;
    const writePrice = () => {
      writes += 1;
      const close = (100 + (writes % 2) * 0.05).toFixed(2);
      return uploadPrices(
        stack.api.url,
        staff,
        'bench-one-price.csv',
        bhavcopy([{ symbol: 'BENCH00', index: 0, date: dates.at(-1) as string, close }]),
      );
    };
    const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string, url = endpoint) => {
      const response = await fetch(url, {
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
    const countedLogin = await gql(
      'mutation { login(username: "investor", password: "Investor@123") { expiresAt } }',
      {},
      undefined,
      `${countedBff.url}/graphql`,
    );
    const cases = [
      { label: '1 row', variables: { brokerName: 'Zerodha', segmentName: 'Intraday' }, rows: 1 },
      { label: `${ROWS} rows`, variables: { brokerName: 'Zerodha', segmentName: 'Equity' }, rows: ROWS },
    ];
    const callsPerCase: number[] = [];
    for (const benchCase of cases) {
      proxy.reset();
      const result = await gql(HOLDINGS_QUERY, benchCase.variables, countedLogin.cookie, `${countedBff.url}/graphql`);
      const rows = (result.body.data as { holdings: unknown[] }).holdings.length;
      if (rows !== benchCase.rows) throw new Error(`expected ${benchCase.rows} rows, got ${rows}`);
      callsPerCase.push(proxy.count());
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
        await writePrice();
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

    if (!(await benchDashboard(stack.api.url, gql, symbols, dates))) process.exitCode = 1;

    await benchImport(stack.api, await restLogin(stack.api.url, ACCOUNTS.investor), symbols, dates);
  } finally {
    proxy.close();
    await stack.stop();
  }
}

await main();
