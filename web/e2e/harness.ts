/**
 * End-to-end harness: starts the app exactly as `npm start` does (scripts/start.mjs: REST API and
 * BFF serving the built web app) on free ports with a temporary data directory (a copy of one the
 * run seeded once per kind of start, when e2e/global-setup.ts runs), on PostgreSQL, production's engine
 * (DATABASE_URL: a database of the run's server copied from one seeded once per kind of start; without the
 * server, PGlite in the data directory, npm start's default), and drives Debian's
 * Chromium headless shell through playwright-core. Console errors of the page are collected so tests can assert
 * that none happened (e.g. AG Grid's error #200 for a missing module).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
// @ts-expect-error plain ESM helper shared with the scripts
import { runSql } from '../../scripts/lib/postgres.mjs';
// @ts-expect-error plain ESM helper shared with the scripts (which browser, and its Debian package)
import { CHROMIUM_PATH as SUITE_CHROMIUM_PATH } from '../../scripts/lib/system-deps.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory for this run's seeded data directories (e2e/global-setup.ts); absent: every start seeds. */
    e2eSeedsDir?: string;
    /** The run's PostgreSQL server (its `postgres` database; e2e/global-setup.ts); absent: the apps run on PGlite. */
    e2ePostgresUrl?: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Chromium's headless shell unless CHROMIUM_PATH says otherwise (scripts/lib/system-deps.mjs says why). */
export const CHROMIUM_PATH: string = SUITE_CHROMIUM_PATH;

export const DEMO = {
  admin: { username: 'admin', password: 'Admin@123' },
  staff: { username: 'staff', password: 'Staff@123' },
  investor: { username: 'investor', password: 'Investor@123' },
} as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  baseUrl: string;
  apiUrl: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** Load the generated demo market (slower start). Default: off. */
  demoData?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Variables that change what the first start writes into the data directory: a start that sets one
 * seeds its own directory instead of copying the run's seeded one.
 */
const SEEDING_ENV =
  /^(DEMO_|ADMIN_|STAFF_|INVESTOR_|DATABASE_URL$|DATA_DIR$|NODE_ENV$|PASSWORD_HASH_COST$|JWT_SECRET$)/;

/**
 * scrypt's cost for the app's new hashes (the demo accounts, sign-ups): the journeys test screens, not
 * hashing; the API's own tests keep the production cost (api/test/auth/password-cost.test.ts).
 */
const E2E_PASSWORD_HASH_COST = '1024';

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-'));
  const seeds = inject('e2eSeedsDir');
  const canCopy = seeds !== undefined && !Object.keys(options.env ?? {}).some((name) => SEEDING_ENV.test(name));
  try {
    if (!canCopy) return await launch(dataDir, options, true, newDatabase(dataDir));
    const seeded = await seededDataDir(seeds, options);
    fs.cpSync(seeded.dataDir, dataDir, { recursive: true });
    return await launch(dataDir, options, true, newDatabase(dataDir, seeded.database));
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * On the run's PostgreSQL server (e2e/global-setup.ts), a new database for the app of `dataDir`, a copy of
 * `template` (a seeded one) or empty; its URL for the app's DATABASE_URL. Without a server: undefined (PGlite
 * in the data directory).
 */
function newDatabase(dataDir: string, template?: string): string | undefined {
  const server = inject('e2ePostgresUrl');
  if (server === undefined) return undefined;
  // the data directory's random name: unique across the files running at once
  const name = path
    .basename(dataDir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_');
  return createDatabase(server, name, template);
}

/** Creates the database `name` (a copy of `template`, or empty) on the server of `serverUrl`; its URL. */
function createDatabase(serverUrl: string, name: string, template?: string): string {
  runSql(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The run's data directory seeded for these options (demo accounts, and the demo market when asked):
 * made by the first start that needs it, by starting the app once and stopping it, then copied by
 * every start (seconds instead of seeding again; the demo market takes a minute on a busy machine).
 * Two files run at a time: a start that finds the other file seeding (its lock directory) waits for
 * the result, and seeds itself if that seeding failed.
 */
async function seededDataDir(seeds: string, options: StartAppOptions): Promise<{ dataDir: string; database: string }> {
  const kind = options.demoData ? 'demo_market' : 'accounts';
  const seeded = { dataDir: path.join(seeds, kind), database: `seeded_${kind}` };
  const lock = `${seeded.dataDir}.seeding`;
  for (;;) {
    if (fs.existsSync(seeded.dataDir)) return seeded;
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const making = fs.mkdtempSync(path.join(seeds, 'seeding-'));
  try {
    // on the run's PostgreSQL server the seeded database, made anew (a seeding that failed may have left one)
    const server = inject('e2ePostgresUrl');
    if (server !== undefined) runSql(server, `DROP DATABASE IF EXISTS ${seeded.database}`);
    const app = await launch(making, options, false, server && createDatabase(server, seeded.database));
    await app.stop();
    if (app.exitCode() !== 0) throw new Error(`the seeding app exited with ${app.exitCode()}:\n${app.output()}`);
    fs.renameSync(making, seeded.dataDir);
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
    fs.rmSync(lock, { recursive: true, force: true });
  }
  return seeded;
}

async function launch(
  dataDir: string,
  options: StartAppOptions,
  removeOnStop: boolean,
  databaseUrl: string | undefined,
): Promise<RunningApp & { exitCode: () => number | null }> {
  const [webPort, apiPort] = [await freePort(), await freePort()];
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(webPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      DEMO_DATA: options.demoData ? '1' : '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      WEB_URL: `http://127.0.0.1:${webPort}`,
      PASSWORD_HASH_COST: E2E_PASSWORD_HASH_COST,
      // load shedding only far beyond what a starved machine does: the suite runs three of these apps, three
      // browsers and the fault or BFF tests beside them on two cores, where a request queued or an event loop held
      // over a second answered 503 (a page showing its Retry alert, or no login form: seen on PGlite, whose queries
      // run on the event loop); shedding has its own tests in security/ and faults/
      MAX_QUEUE_DELAY_MS: '30000',
      MAX_EVENT_LOOP_DELAY_MS: '30000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app stopped while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not start in time:\n${output}`);
    }
    try {
      const [web, api] = await Promise.all([fetch(`${baseUrl}/healthz`), fetch(`${apiUrl}/ready`)]);
      if (web.ok && api.ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    baseUrl,
    apiUrl,
    dataDir,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (removeOnStop) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * How long a journey waits for a state of the page (an element, a text, a URL, a click's target to be ready) before
 * it fails: the suite runs two apps, two browsers and the security suite's stacks on two shared cores, where a lazy
 * chunk, a deferred render or a first query of a fresh server can take many seconds. Waits are for states, never for
 * a time, so this only bounds how long a failure takes; vitest.config.ts gives expect.poll the same limit.
 */
export const STATE_TIMEOUT_MS = 60_000;

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.setDefaultTimeout(STATE_TIMEOUT_MS);
  return { page, context, errors, close: () => context.close() };
}

/** Opens a page of this size, runs the check in it and closes it, whatever the check does. */
export async function withPage(
  browser: Browser,
  size: { width: number; height: number },
  check: (opened: TestPage) => Promise<void>,
): Promise<void> {
  const opened = await openPage(browser, size);
  try {
    await check(opened);
  } finally {
    await opened.close();
  }
}

/** Closes the browser, then stops the app (either may be missing when start-up failed). */
export async function closeAll(browser: Browser | undefined, app: RunningApp | undefined): Promise<void> {
  await browser?.close();
  await app?.stop();
}

/**
 * The first page of a freshly started app can take long on a busy machine (cold caches, first
 * chunks): load the login screen once with a generous limit so the journeys' own limits hold.
 */
export async function warmUp(browser: Browser, baseUrl: string): Promise<void> {
  const warm = await openPage(browser);
  await warm.page.goto(`${baseUrl}/login`, { timeout: 90_000 });
  await warm.page.getByLabel('Username').waitFor({ timeout: 90_000 });
  await warm.close();
}

/** An answer of setupCall, read whole. */
export interface SetupAnswer {
  status: number;
  text: string;
  json<T>(): T;
}

/**
 * A REST call that sets a journey up (logins, uploads, reference data), straight to the API. Its answer
 * is read whole (the connection goes back to the pool only then). A call that fails before any answer
 * (the connection reset or refused: seen only with the whole suite's load on two cores) is tried again,
 * three times at most, each failure printed with its cause and the end of the app's output; the calls
 * made here are safe to repeat (uploads replace the same day's rows, a login is a login).
 */
export async function setupCall(
  app: RunningApp,
  url: string,
  init: { method?: string; token?: string; json?: unknown; form?: () => FormData } = {},
): Promise<SetupAnswer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${app.apiUrl}${url}`, {
        method: init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET'),
        headers,
        body: init.form ? init.form() : init.json !== undefined ? JSON.stringify(init.json) : undefined,
      });
      const text = await response.text();
      return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = `${url}: ${String(error)} (${cause?.code ?? 'no code'}: ${cause?.message ?? 'no cause'})`;
      if (attempt === 3) throw new Error(`${why}, three times\n${app.output().slice(-4_000)}`, { cause: error });
      console.warn(`setup call failed, trying again: ${why}`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** A session token for an account, through the REST login (for setting data up, not for the journey itself). */
export async function apiToken(app: RunningApp, account: { username: string; password: string }): Promise<string> {
  const login = await setupCall(app, '/api/auth/login', { json: account });
  if (login.status !== 200) throw new Error(`login of ${account.username} failed: ${login.status} ${login.text}`);
  return login.json<{ token: string }>().token;
}

/** A brokerage firm made by staff through the REST API (a journey's reference data); answers it as created. */
export async function createFirm(
  app: RunningApp,
  name: string,
  address = 'Fort, Mumbai',
): Promise<{ id: number; name: string }> {
  const staff = await apiToken(app, DEMO.staff);
  const firm = await setupCall(app, '/api/staff/brokerage-firms', {
    token: staff,
    json: { name, address, contactNumber: '9820012345' },
  });
  if (firm.status !== 201) throw new Error(`the firm ${name} was not made: ${firm.status} ${firm.text}`);
  return firm.json<{ id: number; name: string }>();
}

/** The real legacy bhavcopies (../shared/data), one per trading day. */
export const BHAVCOPY_DIR = path.resolve(ROOT, '../shared/data/nse/bhavcopy/legacy');

/** Uploads real bhavcopies (e.g. '02JAN2019.csv') as staff through the REST API, one after another. */
export async function uploadBhavcopies(app: RunningApp, files: readonly string[]): Promise<void> {
  const token = await apiToken(app, DEMO.staff);
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(BHAVCOPY_DIR, file));
    const answer = await setupCall(app, '/insight/staff/uploads/stock-prices', {
      token,
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: 'text/csv' }), file);
        return form;
      },
    });
    if (answer.status !== 200) throw new Error(`upload of ${file} failed: ${answer.status} ${answer.text}`);
  }
}

/**
 * A journey's start: the app (`options`), the real bhavcopies `bhavcopies` uploaded by staff, and
 * Chromium, warmed up on the login screen meanwhile. Close both with closeAll; on a failure here
 * whatever was started is closed before the error is thrown.
 */
export async function startAppAndBrowser(
  options: StartAppOptions & { bhavcopies?: readonly string[] } = {},
): Promise<{ app: RunningApp; browser: Browser }> {
  const { bhavcopies = [], ...start } = options;
  const app = await startApp(start);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const uploaded = bhavcopies.length > 0 ? uploadBhavcopies(app, bhavcopies) : undefined;
    await Promise.all([uploaded, warmUp(browser, app.baseUrl)]);
    return { app, browser };
  } catch (error) {
    await closeAll(browser, app);
    throw error;
  }
}

/** A journey's app and browser while its tests run (startedAroundTests). */
export interface StartedApp {
  readonly app: RunningApp;
  readonly browser: Browser;
}

/**
 * The app and Chromium of the tests of the file or describe block this is called in: started (startAppAndBrowser)
 * before them, then `setUp` run with them (a firm, a login), and both closed after the tests (closeAll). Read the
 * answer's app and browser inside the tests and the later hooks.
 */
export function startedAroundTests(
  options: Parameters<typeof startAppAndBrowser>[0] = {},
  setUp?: (started: StartedApp) => Promise<void>,
): StartedApp {
  let started: StartedApp | undefined;
  beforeAll(async () => {
    started = await startAppAndBrowser(options);
    await setUp?.(started);
  });
  afterAll(() => closeAll(started?.browser, started?.app));
  const whenStarted = (): StartedApp => {
    if (!started) throw new Error('the app and the browser are started before the tests (beforeAll): read them there');
    return started;
  };
  return {
    get app() {
      return whenStarted().app;
    },
    get browser() {
      return whenStarted().browser;
    },
  };
}

/** Logs in through the login screen and waits until the app has left it (dashboard, or the page asked for). */
export async function loginThroughUi(
  page: Page,
  baseUrl: string,
  account: { username: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId('navbar-username').waitFor();
}

/** Errors that are not ours (the network being closed for Chromium's own services, favicon misses). */
export function relevantErrors(errors: string[]): string[] {
  return errors.filter((text) => !/favicon|net::ERR_|Failed to load resource/i.test(text));
}

/**
 * The text of a grid cell once it has been drawn. AG Grid creates a row's cells first and renders our React
 * cell renderers into them a moment later (and again when the row's data changes), so a cell read right after
 * its row appears can still be empty.
 */
export async function cellText(cell: Locator): Promise<string> {
  const drawn = cell.filter({ hasText: /\S/ });
  await drawn.waitFor();
  return ((await drawn.textContent()) ?? '').trim();
}
