/**
 * Adjusted prices in Chromium against the app as `npm start` runs it (docs/product/company.md#adjusted-prices),
 * on the real data: the bhavcopies of seven days around 19-Sep-2019 (REST uploads) and the real corporate-actions file,
 * uploaded by staff through the Upload screen, whose report is read. Then Company Analysis of HDFCBANK,
 * which split 2-for-1 on 19-Sep-2019:
 * - the candlestick chart is continuous (every day on the adjusted scale: its price axis stays below the
 *   raw pre-split prices) and the split's ex-date is marked on it ("1:2 split") and listed in words;
 * - the Adjusted / Raw toggle, by keyboard, redraws the raw prices: the axis now reaches the raw pre-split
 *   highs (the cliff), and the split is still marked.
 * Expectations come from the files, read here apart from the app's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BHAVCOPY_DIR, closeAll, DEMO, loginThroughUi } from './harness';
import { openPage, relevantErrors, startAppAndBrowser, type RunningApp } from './harness';

const CA_FILE = path.resolve(BHAVCOPY_DIR, '../../corporate_actions/CF-CA-equities.csv');
// three trading days either side of the ex-date (few uploads: each one refreshes the analysis)
const FILES = [
  '13SEP2019.csv',
  '16SEP2019.csv',
  '17SEP2019.csv',
  '18SEP2019.csv',
  '19SEP2019.csv',
  '20SEP2019.csv',
  '23SEP2019.csv',
];
const EX_DATE = '19-SEP-2019';

interface Day {
  date: string;
  high: number;
  low: number;
}

/** HDFCBANK's EQ rows of the files: TIMESTAMP, HIGH, LOW (columns 0, 1, 3, 4, 10 of the legacy layout). */
function hdfcDays(): Day[] {
  return FILES.flatMap((file) =>
    fs
      .readFileSync(path.join(BHAVCOPY_DIR, file), 'utf8')
      .split(/\r?\n/)
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'HDFCBANK' && cells[1] === 'EQ')
      .map((cells) => ({ date: cells[10]!.toUpperCase(), high: Number(cells[3]), low: Number(cells[4]) })),
  );
}

/** 'DD-MON-YYYY' → a sortable number. */
function dayNumber(date: string): number {
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const [day, month, year] = date.split('-');
  return Number(year) * 10_000 + (months.indexOf(month!) + 1) * 100 + Number(day);
}

/** The highest label of the candlestick chart's price axis (labels like "2250.00"; each also has a <title>). */
async function axisTop(page: Page): Promise<number> {
  const labels = await page.getByTestId('candlestick-chart').locator('.apexcharts-yaxis-label tspan').allTextContents();
  const values = labels.map((text) => Number(text.replace(/,/g, ''))).filter(Number.isFinite);
  return Math.max(...values);
}

/** Clicks the Retry of an error and waits until the error has gone (the request is under way again). */
async function retry(page: Page, errorTestId: string): Promise<void> {
  const error = page.getByTestId(errorTestId);
  await error.getByRole('button', { name: 'Retry' }).click();
  await error.waitFor({ state: 'detached' });
}

/**
 * Waits for the element `testId`; meanwhile an error with Retry (the API sheds load with 503 while it
 * recomputes the analysis after the corporate-actions upload) is retried, as a user would.
 */
async function untilShown(page: Page, testId: string, errorTestId: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const either = page.locator(`[data-testid="${testId}"], [data-testid="${errorTestId}"]`).first();
    await either.waitFor({ timeout: Math.max(1, deadline - Date.now()) });
    if (await page.getByTestId(testId).isVisible()) return;
    if (Date.now() > deadline) throw new Error((await either.textContent()) ?? 'the page did not load');
    await retry(page, errorTestId);
  }
}

describe('adjusted prices on Company Analysis', () => {
  let app: RunningApp;
  let browser: Browser;
  const days = hdfcDays();
  const before = days.filter((day) => dayNumber(day.date) < dayNumber(EX_DATE));
  const after = days.filter((day) => dayNumber(day.date) >= dayNumber(EX_DATE));

  beforeAll(async () => ({ app, browser } = await startAppAndBrowser({ bhavcopies: FILES })), 600_000);
  afterAll(async () => closeAll(browser, app));

  it('reads the split from the corporate-actions upload and marks it on a continuous chart; Raw shows the cliff', async () => {
    // the files themselves: a 2-for-1 split, the raw prices before it at about twice those after
    expect(before.length).toBe(4);
    expect(after.length).toBe(3);
    const rawLowBefore = Math.min(...before.map((day) => day.low));
    const rawHighBefore = Math.max(...before.map((day) => day.high));
    const highAfter = Math.max(...after.map((day) => day.high));
    expect(rawLowBefore).toBeGreaterThan(highAfter * 1.5);

    const { page, errors, close } = await openPage(browser, { width: 1366, height: 768 });
    try {
      // staff upload the real corporate-actions file through the screen and read what it understood
      await loginThroughUi(page, app.baseUrl, DEMO.staff);
      await page.goto(`${app.baseUrl}/upload`);
      await page.getByRole('combobox', { name: 'Select Upload Type' }).click();
      await page.getByRole('option', { name: 'Upload Corporate Actions', exact: true }).click();
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Select File' }).click(),
      ]);
      await chooser.setFiles(CA_FILE);
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      await expect.poll(() => upload.isDisabled()).toBe(false);
      await upload.click();
      const report = page.getByTestId('corporate-actions-report');
      await report.waitFor({ timeout: 120_000 });
      // more than the 35 splits and bonuses of the bhavcopy range alone
      expect(
        Number(((await page.getByTestId('report-adjusting').textContent()) ?? '').replace(/,/g, '')),
      ).toBeGreaterThan(35);
      expect(
        Number(((await page.getByTestId('report-dividends').textContent()) ?? '').replace(/,/g, '')),
      ).toBeGreaterThan(35);

      // Company Analysis: adjusted by default, the split marked on the candlestick chart and listed in words
      await page.goto(`${app.baseUrl}/company-analysis/HDFCBANK`);
      await untilShown(page, 'company-analysis', 'company-analysis-error');
      const candles = page.getByTestId('candlestick-chart');
      // a chart draws once it comes near the screen (docs/decisions.md#charts-after-the-figures)
      await candles.scrollIntoViewIfNeeded();
      await candles.locator('.apexcharts-candlestick-series').waitFor();
      await candles.locator('.apexcharts-xaxis-annotations').getByText('1:2 split').waitFor();
      expect(await page.getByTestId('ex-date-marks').textContent()).toContain('1:2 split on 19-Sep-2019');
      expect(await page.getByTestId('price-chart-MONTHLY').getAttribute('data-marks')).toContain(
        '2019-09-19 1:2 split',
      );
      // continuous: every day on the scale after the split, far below the raw prices before it
      const adjustedTop = await axisTop(page);
      expect(adjustedTop).toBeGreaterThanOrEqual(highAfter);
      expect(adjustedTop).toBeLessThan(rawLowBefore);

      // the toggle, by keyboard: the chosen radio takes the focus, the arrow key moves to Raw
      const adjusted = page.getByRole('radio', { name: 'Adjusted' });
      expect(await adjusted.isChecked()).toBe(true);
      await adjusted.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByRole('radio', { name: 'Raw' }).isChecked()).toBe(true);
      // the raw prices: the axis reaches the highs before the split (the cliff), the split still marked
      await expect
        .poll(
          async () => {
            if (await page.getByTestId('price-basis-error').isVisible()) await retry(page, 'price-basis-error');
            return axisTop(page);
          },
          { timeout: 120_000 },
        )
        .toBeGreaterThanOrEqual(rawHighBefore);
      await candles.locator('.apexcharts-xaxis-annotations').getByText('1:2 split').waitFor();
      expect(relevantErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  }, 600_000);
});
