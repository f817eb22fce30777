/**
 * `npm run bench:web`: Lighthouse (default mobile: Moto G-class screen, simulated slow 4G and 4× CPU slowdown) on
 * the main pages of the built app, started as the benchmarks start it (bench/lib/stack.ts: the built REST API and
 * BFF, production mode, the demo market loaded), in /usr/bin/chromium (never a downloaded browser). Each page runs
 * RUNS times in a fresh browser with an empty HTTP cache; the table shows the median of each figure. Pages behind
 * the login are measured logged in as the demo investor: the Login screen is filled in first, then only the HTTP
 * cache is emptied and Lighthouse keeps the session (disableStorageReset).
 *
 * A benchmark, not a test: the figures swing with the machine's load (compare pages within one run). Targets
 * (docs/decisions.md#page-speed): LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05, performance ≥ 90.
 * Options: BENCH_WEB_RUNS (default 3), BENCH_WEB_PAGES (comma-separated paths), CHROME_PATH (/usr/bin/chromium),
 * BENCH_WEB_DIST (a built web app to measure instead of web/dist, e.g. a copy of an earlier build for a before/after),
 * BENCH_WEB_DETAILS=1 (per run: the LCP element, the longest main-thread tasks and the scripts' CPU time, to see
 * where a page's LCP and TBT come from), BENCH_WEB_REPORTS (a directory to keep every run's Lighthouse JSON in).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ACCOUNTS, ROOT, startStack } from '../lib/stack.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const DETAILS = process.env.BENCH_WEB_DETAILS === '1';
const REPORTS = process.env.BENCH_WEB_REPORTS;
const TARGETS = { lcpMs: 2500, tbtMs: 200, cls: 0.05, score: 90 };

interface PageToMeasure {
  path: string;
  /** Measured logged in (the route is behind the login). */
  login: boolean;
}

interface Figures {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  score: number;
  fcpMs: number;
  jsKiB: number;
  /** The elements that moved most (Lighthouse's layout-shifts audit), to say where a CLS comes from. */
  shifted: string[];
  /** With BENCH_WEB_DETAILS: the LCP element, the longest tasks and the scripts' CPU time, one line each. */
  details: string[];
}

interface DetailItems {
  items?: Array<Record<string, unknown>>;
}

const itemsOf = (audit: { details?: unknown } | undefined): Array<Record<string, unknown>> =>
  ((audit?.details as DetailItems | undefined)?.items ?? []).filter((item) => typeof item === 'object');

const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

/** Where the LCP and TBT of one run come from, from Lighthouse's diagnostics (simulated figures, in ms). */
function detailsOf(audits: Record<string, { details?: unknown }>): string[] {
  // the audit is a list of two tables: the element, then the LCP's phases (TTFB, load delay, render delay…)
  const [elementTable, phaseTable] = itemsOf(audits['largest-contentful-paint-element']) as DetailItems[];
  const lcpElement = elementTable?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (phaseTable?.items ?? []).map((item) => `${String(item.phase)} ${Math.round(Number(item.timing))}`);
  const longTasks = itemsOf(audits['long-tasks'])
    .sort((a, b) => Number(b.duration) - Number(a.duration))
    .slice(0, 5)
    .map(
      (task) =>
        `${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} (${shortUrl(task.url)})`,
    );
  const bootup = itemsOf(audits['bootup-time'])
    .slice(0, 5)
    .map(
      (script) =>
        `${shortUrl(script.url)} ${Math.round(Number(script.total))} ms (eval ${Math.round(Number(script.scripting))})`,
    );
  const work = itemsOf(audits['mainthread-work-breakdown'])
    .slice(0, 5)
    .map((group) => `${String(group.groupLabel)} ${Math.round(Number(group.duration))} ms`);
  return [
    `LCP element: ${lcpElement?.nodeLabel ?? '?'} [${lcpElement?.selector ?? '?'}]${phases.length > 0 ? ` (${phases.join(', ')})` : ''}`,
    `long tasks: ${longTasks.join('; ') || 'none'}`,
    `scripts' CPU: ${bootup.join('; ')}`,
    `main thread: ${work.join('; ')}`,
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function launch(): Promise<{ browser: Browser; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    userDataDir: profile,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  return { browser, profile };
}

/** Logs in through the Login screen, as a user does (the session cookie and the stored user are then set). */
async function logIn(page: Page, baseUrl: string): Promise<void> {
  const { username, password } = ACCOUNTS.investor;
  try {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await page.locator('input[autocomplete="username"]').setTimeout(60_000).fill(username);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.locator('button[type="submit"]:not([disabled])').click();
    await page.waitForFunction(() => !location.pathname.startsWith('/login'), { timeout: 60_000 });
  } catch (error) {
    const shot = path.join(os.tmpdir(), `bench-web-login-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`logging in at ${page.url()} failed (screenshot: ${shot})`, { cause: error });
  }
}

async function measure(baseUrl: string, target: PageToMeasure): Promise<Figures> {
  const { browser, profile } = await launch();
  try {
    const page = await browser.newPage();
    if (target.login) await logIn(page, baseUrl);
    // a first visit: nothing of the app in the HTTP cache (the login above loaded it)
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(
      `${baseUrl}${target.path}`,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${target.path}: ${runtimeError.code} ${runtimeError.message}`);
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      const name = `${target.path.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`;
      fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
    }
    const scripts = (
      (audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })
        ?.items ?? []
    ).filter((item) => item.resourceType === 'Script');
    return {
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      score: Math.round((categories.performance?.score ?? 0) * 100),
      jsKiB: scripts.reduce((total, item) => total + (item.transferSize ?? 0), 0) / 1024,
      shifted: (
        (audits['layout-shifts']?.details as { items?: Array<{ score?: number; node?: { selector?: string } }> })
          ?.items ?? []
      )
        .filter((item) => (item.score ?? 0) >= 0.01)
        .map((item) => `${item.node?.selector ?? '?'} (${(item.score ?? 0).toFixed(3)})`)
        .slice(0, 3),
      details: DETAILS ? detailsOf(audits) : [],
    };
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** A symbol of the loaded market, for the Company Analysis page. */
async function demoSymbol(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ stockPrices { symbol } }' }),
  });
  const body = (await response.json()) as { data?: { stockPrices?: Array<{ symbol: string }> } };
  const symbol = body.data?.stockPrices?.[0]?.symbol;
  if (!symbol) throw new Error(`no market data to pick a symbol from: ${JSON.stringify(body).slice(0, 300)}`);
  return symbol;
}

if (!fs.existsSync(CHROME_PATH)) {
  console.error(`No Chromium at ${CHROME_PATH} (set CHROME_PATH; browsers are never downloaded).`);
  process.exit(2);
}
process.env.CHROME_PATH = CHROME_PATH;

console.log('starting the built app with the demo market…');
const stack = await startStack({ apiEnv: { DEMO_DATA: '1' } });
// a copy of the built app: a build started meanwhile (others work in the same tree) cannot empty it under the BFF
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-web-'));
fs.cpSync(process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'web/dist'), webDist, { recursive: true });
if (!fs.readdirSync(path.join(webDist, 'assets')).some((name) => name.endsWith('.js.br')))
  console.warn('warning: the build has no .br files (a build was still running?): the app goes out uncompressed');
try {
  const bff = await stack.startBff({ WEB_DIST_DIR: webDist });
  const symbol = await demoSymbol(bff.url);
  const pages: PageToMeasure[] = (
    process.env.BENCH_WEB_PAGES?.split(',') ?? [
      '/',
      '/stock-price',
      '/technical-analysis',
      `/company-analysis/${symbol}`,
      '/holdings',
    ]
  ).map((route) => ({ path: route, login: route === '/' || route === '/holdings' }));

  const rows: Array<{ page: PageToMeasure; figures: Figures }> = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): such a run is taken again, once
      const figures = await measure(bff.url, page).catch((error: unknown) => {
        console.log(`  ${page.path} run ${run}: ${error instanceof Error ? error.message : String(error)}; again`);
        return measure(bff.url, page);
      });
      runs.push(figures);
      console.log(
        `  ${page.path} run ${run}: performance ${figures.score}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}${figures.shifted.length > 0 ? ` (${figures.shifted.join('; ')})` : ''}`,
      );
      for (const line of figures.details) console.log(`    ${line}`);
    }
    const pick = (key: Exclude<keyof Figures, 'shifted' | 'details'>) => median(runs.map((figures) => figures[key]));
    rows.push({
      page,
      figures: {
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        fcpMs: pick('fcpMs'),
        score: pick('score'),
        jsKiB: pick('jsKiB'),
        shifted: runs.at(-1)?.shifted ?? [],
        details: [],
      },
    });
  }

  const mark = (ok: boolean) => (ok ? ' ' : '!');
  console.log(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile, simulated throttling (! = target missed: LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05, performance ≥ 90)`,
  );
  console.log(
    `| page | performance | LCP | TBT | CLS | FCP | JS transferred |\n|---|---:|---:|---:|---:|---:|---:|\n${rows
      .map(
        ({ page, figures: f }) =>
          `| ${page.path}${page.login ? ' (investor)' : ''} | ${f.score}${mark(f.score >= TARGETS.score)} | ${(f.lcpMs / 1000).toFixed(2)} s${mark(f.lcpMs <= TARGETS.lcpMs)} | ${Math.round(f.tbtMs)} ms${mark(f.tbtMs <= TARGETS.tbtMs)} | ${f.cls.toFixed(3)}${mark(f.cls <= TARGETS.cls)} | ${(f.fcpMs / 1000).toFixed(2)} s | ${f.jsKiB.toFixed(0)} KiB |`,
      )
      .join('\n')}`,
  );
  const shifts = rows.filter((row) => row.figures.shifted.length > 0);
  if (shifts.length > 0) console.log('\nlayout shifts (last run, largest first):');
  for (const { page, figures } of shifts) console.log(`  ${page.path}: ${figures.shifted.join('; ')}`);
} finally {
  await stack.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
}
