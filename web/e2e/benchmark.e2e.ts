/**
 * The investor's dashboard against the market (docs/product/home.md#against-the-market), on real data: real
 * bhavcopies (../shared/data) and niftyindices.com's NIFTY 50 TRI export uploaded by staff through the REST API, an
 * investor holding INFY since 02-Jan-2019. The comparison's chart draws both lines, the money-weighted pair and
 * the periods are figures (no warning: the index is loaded past D), and the holding is compared over its own days.
 * Without the index (before its upload) the same block says so in words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bhavcopyClose } from './figures';
import {
  apiToken,
  BHAVCOPY_DIR,
  createFirm,
  DEMO,
  loginThroughUi,
  openPage,
  relevantErrors,
  setupCall,
  startedAroundTests,
  type RunningApp,
} from './harness';

const FILES = ['02JAN2019.csv', '01APR2019.csv', '01AUG2019.csv', '03JAN2020.csv'];
const TRI_FILE = path.resolve(BHAVCOPY_DIR, '../../indices/nifty50_tri/nifty50_tri.csv');
const NIFTY_2019 = path.resolve(BHAVCOPY_DIR, '../../indices/nifty50_price/2019.csv');
const NIFTY_2020 = path.resolve(BHAVCOPY_DIR, '../../indices/nifty50_price/2020.csv');

/** Uploads an index file as staff through the REST API (`index`: for NSE's historical download, which names none). */
async function uploadIndex(app: RunningApp, file: string, index?: string): Promise<void> {
  const staff = await apiToken(app, DEMO.staff);
  const answer = await setupCall(app, '/insight/staff/uploads/index-prices', {
    token: staff,
    form: () => {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), path.basename(file));
      if (index) form.append('index', index);
      return form;
    },
  });
  if (answer.status !== 200) throw new Error(`${file}: ${answer.status} ${answer.text}`);
}

async function post(app: RunningApp, token: string, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await setupCall(app, `/api${url}`, { token, json: body });
  if (answer.status !== 201) throw new Error(`${url}: ${answer.status} ${answer.text}`);
  return answer.json<Record<string, unknown>>();
}

describe('the dashboard against the market', () => {
  const journey = startedAroundTests({ bhavcopies: FILES }, async ({ app }) => {
    const firm = await createFirm(app, 'Benchmark E2E Broking');
    const investor = await apiToken(app, DEMO.investor);
    await post(app, investor, '/user/holding', {
      exchange: 'NSE',
      symbol: 'INFY',
      price: bhavcopyClose('02JAN2019.csv', 'INFY'),
      quantity: 10,
      creationDate: '2019-01-02',
      brokerageFirm: firm,
      instrumentType: 'Equity',
    });
  });

  it('says the index is missing in words, then compares once staff upload it', async () => {
    const { page, errors, close } = await openPage(journey.browser, { width: 1366, height: 768 });
    await loginThroughUi(page, journey.app.baseUrl, DEMO.investor);
    const block = page.getByTestId('dashboard-benchmark');
    await block.getByTestId('benchmark-warning').waitFor();
    expect(await block.getByTestId('benchmark-warning').textContent()).toContain('NIFTY 50 TRI is not loaded');
    expect(await block.getByTestId('benchmark-xirr').count()).toBe(0);
    // the key figures stay on the first screen at 1366×768
    const figures = await page.getByTestId('dashboard-xirr').boundingBox();
    expect(figures!.y + figures!.height).toBeLessThanOrEqual(768);

    await uploadIndex(journey.app, TRI_FILE);

    await page.reload();
    await block.getByTestId('benchmark-xirr').waitFor();
    expect(await block.getByTestId('benchmark-warning').count()).toBe(0);
    // both sides of the money-weighted pair are figures, not dashes
    expect(await block.getByTestId('benchmark-xirr').textContent()).toMatch(/%.*index [+-]?\d[\d,]*\.\d\d%/);
    const periods = block.getByTestId('benchmark-periods');
    expect(await periods.locator('th').allTextContents()).toEqual(['Time-weighted', 'You', 'Index']);
    expect(await periods.locator('tbody tr td:first-child').allTextContents()).toEqual([
      '1M',
      '3M',
      '6M',
      '1Y',
      'FY',
      'All',
    ]);
    const holding = block.getByTestId('benchmark-holdings').locator('tbody tr').first();
    expect(await holding.locator('td').allTextContents()).toEqual([
      'INFY',
      '02-Jan-2019',
      expect.stringMatching(/^[+-]?\d+\.\d\d%$/),
      expect.stringMatching(/^[+-]?\d+\.\d\d%$/),
    ]);
    const chart = block.getByTestId('benchmark-chart');
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('svg.apexcharts-svg').waitFor();
    expect(await chart.locator('.apexcharts-line-series .apexcharts-series').count()).toBe(2);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('draws INFY against NIFTY 50 on Company Analysis, with its beta and correlation', async () => {
    await uploadIndex(journey.app, NIFTY_2019, 'NIFTY 50');
    await uploadIndex(journey.app, NIFTY_2020, 'NIFTY 50');
    const { page, errors, close } = await openPage(journey.browser, { width: 1366, height: 768 });
    await page.goto(`${journey.app.baseUrl}/company-analysis/INFY`);
    const block = page.getByTestId('index-comparison');
    await block.getByTestId('index-beta').waitFor();
    // four bhavcopies give three paired returns: fewer than 20, so no beta is claimed
    expect(await block.getByTestId('index-beta').textContent()).toMatch(/1-year beta — · correlation — \(\d+ days\)/);
    const chart = block.getByTestId('index-chart');
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('svg.apexcharts-svg').waitFor();
    expect(await chart.locator('.apexcharts-line-series .apexcharts-series').count()).toBe(2);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
