// The README's two screenshots, remade: `node scripts/screenshots.mjs` starts the app as `npm start` does (it
// builds what is out of date) on free ports with a fresh temporary data directory, so the generated demo market
// and the demo accounts are loaded, then takes, at 1366×768 in headless Chromium (/usr/bin/chromium through
// playwright-core):
//   docs/images/investor-dashboard.png  the dashboard of the demo investor (logged in through the Login screen);
//   docs/images/company-analysis.png    Company Analysis of a symbol of the demo market with a split, at its
//                                       candlestick chart (a public page: no login).
// The demo market is generated from a fixed seed, so the same code gives the same pictures. Then it stops the app
// and removes the directory. `--base http://127.0.0.1:4000` uses an app already running instead (it must hold the
// demo market and the demo accounts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/build-state.mjs';

const IMAGES = path.join(ROOT, 'docs/images');
const VIEWPORT = { width: 1366, height: 768 };
const INVESTOR = { username: 'investor', password: 'Investor@123' };
// a symbol of the demo market (api/src/seed/demo-market) whose chart shows an ex-date: its 1:5 split of 15-Nov-2024
const SYMBOL = 'KIRRAFOR';

const baseIndex = process.argv.indexOf('--base');
const givenBase = baseIndex > 0 ? process.argv[baseIndex + 1] : undefined;

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts scripts/start.mjs on free ports and a new data directory; resolves once it says the app is running. */
async function startApp() {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-screenshots-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, API_PORT: String(apiPort), PORT: String(webPort), DATA_DIR: dataDir, DEMO_DATA: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  console.log(`starting the app (API ${apiPort}, web ${webPort}, data in ${dataDir}); the demo market takes a minute…`);
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Bazaar Insight is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the app stopped before it was running (exit ${code})`)));
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  child.stdout.resume();
  return { base: `http://127.0.0.1:${webPort}`, stop };
}

async function investorDashboard(browser, base) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page
    .getByLabel(/username/i)
    .first()
    .fill(INVESTOR.username);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(INVESTOR.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await page.getByTestId('dashboard-current-value').waitFor({ timeout: 60_000 });
  await page.getByText('Top gainers today').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, VIEWPORT.height - 1);
  const file = path.join(IMAGES, 'investor-dashboard.png');
  await page.screenshot({ path: file });
  await page.close();
  return file;
}

async function companyAnalysis(browser, base) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${base}/company-analysis/${SYMBOL}`, { waitUntil: 'networkidle' });
  await page.getByTestId('company-analysis').waitFor({ timeout: 60_000 });
  // charts are drawn once they come near the screen: bring the candlestick chart's card to the top (under the header)
  const heading = page.getByRole('heading', { name: 'Stock Price Candlestick Chart', exact: true });
  await heading.evaluate((element) => {
    const view = element.ownerDocument.defaultView;
    view.scrollTo(0, element.getBoundingClientRect().top + view.scrollY - 70);
  });
  await page.locator('.apexcharts-candlestick-series').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // ApexCharts' drawing animation
  await page.mouse.move(0, VIEWPORT.height - 1);
  const file = path.join(IMAGES, 'company-analysis.png');
  await page.screenshot({ path: file });
  await page.close();
  return file;
}

const app = givenBase ? { base: givenBase, stop: async () => {} } : await startApp();
let browser;
try {
  fs.mkdirSync(IMAGES, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  for (const take of [investorDashboard, companyAnalysis]) {
    const file = await take(browser, app.base);
    console.log(`${path.relative(ROOT, file)}: ${Math.round(fs.statSync(file).size / 1024)} KB`);
  }
} finally {
  await browser?.close();
  await app.stop();
}
