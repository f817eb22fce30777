/**
 * Market-data uploads in Chromium against the app as `npm start` runs it (no demo market, so every
 * row comes from the files uploaded here). Files are the real NSE samples of ../shared/data (resolved
 * from the repository root; CI has them at the same place).
 * - Staff open Upload from the sidebar; the type list holds the six kinds in readable words.
 * - One file of every kind goes through the screen (legacy and UDiFF bhavcopies, EQUITY_L, index
 *   constituents, corporate actions, an XBRL results workbook, the balance-sheet template
 *   downloaded from the screen itself); the server's message shows in green and each upload
 *   appears in the history.
 * - A wrong file type is refused on the screen; a bhavcopy with one bad row deep inside is refused
 *   by the server with the row listed, and neither the history nor the uploaded dates change.
 * - The Dates calendar marks the uploaded trading days (rows on hover) and not the refused one.
 * - An investor has no Upload entry, cannot open /upload, and the upload mutation is refused.
 * - Bulk backfill: 20 files and a zip of 5 chosen at once, loaded in date order; a broken file is
 *   refused alone with its reason; the calendar marks every good day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, closeAll, DEMO, loginThroughUi } from './harness';
import { openPage, relevantErrors, startAppAndBrowser, type RunningApp } from './harness';
// what `zip` makes of a folder of bhavcopies, written by hand
import { buildZip as zipOf } from '../../api/test/setup/zip';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NSE = path.resolve(ROOT, '../shared/data/nse');
const LEGACY = path.join(NSE, 'bhavcopy/legacy/02JAN2019.csv');
const LEGACY_REFUSED = path.join(NSE, 'bhavcopy/legacy/03JAN2019.csv');
const UDIFF = path.join(NSE, 'bhavcopy/udiff/BhavCopy_NSE_CM_0_0_0_20250618_F_0000.csv');

/**
 * The seven kinds as the screen must name them (docs/product/uploads.md: "shown in readable words"), written out by hand.
 */
const TYPE_LABELS = {
  UPLOAD_CORPORATE_ACTIONS: 'Upload Corporate Actions',
  UPLOAD_STOCK_PRICE: 'Upload Stock Price',
  UPLOAD_STOCK: 'Upload Stock',
  UPLOAD_FINANCIAL_STATEMENT: 'Upload Financial Statement',
  UPLOAD_FINANCIAL_REPORT: 'Upload Financial Report',
  UPLOAD_UPDATE_COMPANY_PROFILE: 'Upload Update Company Profile',
  UPLOAD_INDEX_PRICES: 'Upload Index Prices',
} as const;

/** Data lines of a CSV (blank lines and the header left out). */
function dataLines(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '');
}

/** 1889 → "1,889", as the server's messages count. */
function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 08FEB2019.csv → { iso: 2019-02-08, shown: 08-Feb-2019 }, by hand. */
function fileDate(name: string): { iso: string; shown: string } {
  const month = MONTHS.findIndex((candidate) => candidate.toUpperCase() === name.slice(2, 5)) + 1;
  return {
    iso: `${name.slice(5, 9)}-${String(month).padStart(2, '0')}-${name.slice(0, 2)}`,
    shown: `${name.slice(0, 2)}-${MONTHS[month - 1]}-${name.slice(5, 9)}`,
  };
}

/** The legacy bhavcopies of a month ("FEB2019"), in date order. */
function monthFiles(month: string): string[] {
  const folder = path.join(NSE, 'bhavcopy/legacy');
  return fs
    .readdirSync(folder)
    .filter((name) => name.slice(2) === `${month}.csv`)
    .sort();
}

/** The uploaded dates straight from the REST API (the calendar's source), to see nothing changed. */
async function uploadedDates(app: RunningApp, token: string): Promise<string[]> {
  const response = await fetch(`${app.apiUrl}/insight/staff/uploads/stock-price/uploaded-dates`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as string[];
}

async function historyTotal(app: RunningApp, token: string): Promise<number> {
  const response = await fetch(`${app.apiUrl}/insight/staff/uploads/history?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { total: number }).total;
}

async function chooseType(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Select Upload Type' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Picks a file through the browser's file chooser, as a user does. */
async function pickFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Select File' }).click(),
  ]);
  await chooser.setFiles(file);
}

/**
 * Starts recording, by the page's own clock, when the upload message next appears and when it goes again (a
 * MutationObserver: the page's times, not when this process got round to looking, which a busy machine delays);
 * returns a reader of the times in milliseconds.
 */
async function recordUploadMessage(page: Page): Promise<() => Promise<{ shown: number; gone: number }>> {
  await page.evaluate(() => {
    const times = { shown: Number.NaN, gone: Number.NaN };
    (window as unknown as { uploadMessageTimes: typeof times }).uploadMessageTimes = times;
    new MutationObserver(() => {
      const shownNow = document.querySelector('[data-testid="upload-message"]') !== null;
      if (shownNow && Number.isNaN(times.shown)) times.shown = performance.now();
      if (!shownNow && !Number.isNaN(times.shown) && Number.isNaN(times.gone)) times.gone = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { uploadMessageTimes: { shown: number; gone: number } }).uploadMessageTimes,
    );
}

/** Uploads one file through the screen and returns the message the screen shows. */
async function uploadThroughScreen(
  page: Page,
  typeLabel: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
  options: { dismiss?: boolean } = {},
): Promise<{ text: string; colour: string | null }> {
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await chooseType(page, typeLabel);
  expect(await upload.isDisabled()).toBe(true);
  await pickFile(page, file);
  await expect.poll(() => upload.isDisabled()).toBe(false);
  await upload.click();
  const message = page.getByTestId('upload-message');
  await message.waitFor();
  const text = ((await message.textContent()) ?? '').trim();
  const colour = await message.getAttribute('role');
  // the form is reset after every submit: no type chosen, Upload disabled again
  await expect.poll(() => page.getByRole('combobox', { name: 'Select Upload Type' }).inputValue()).toBe('');
  await expect.poll(() => upload.isDisabled()).toBe(true);
  // dismiss it so the next upload's message is the one read
  if (options.dismiss !== false) {
    await message.getByRole('button').click();
    await message.waitFor({ state: 'detached' });
  }
  return { text, colour };
}

describe('market-data uploads in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndBrowser());
    token = await apiToken(app, DEMO.staff);
  });
  afterAll(() => closeAll(browser, app));

  it('staff upload a real file of every kind through the Upload screen', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    // no market data yet: the Dates screen says so
    await page.goto(`${app.baseUrl}/dates`);
    await page.getByTestId('dates-empty').waitFor();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Upload', exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/upload`);
    await page.getByRole('heading', { name: 'Upload Files' }).waitFor();

    // the type list: the six kinds from the server, in readable words, under the placeholder of
    // docs/product/uploads.md#screens
    const select = page.getByRole('combobox', { name: 'Select Upload Type' });
    expect(await select.getAttribute('placeholder')).toBe('Choose Type of File');
    await select.click();
    const options = (await page.getByRole('option').allTextContents()).map((text) => text.trim());
    expect([...options].sort()).toEqual(Object.values(TYPE_LABELS).sort());
    await page.keyboard.press('Escape');

    // legacy bhavcopy: one row per line, all for 2 January 2019
    const legacyRows = dataLines(LEGACY).length;
    const legacy = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_STOCK_PRICE, LEGACY);
    expect(legacy).toMatchObject({
      text: `Stock prices: ${count(legacyRows)} rows for 02-Jan-2019 (${count(legacyRows)} new, 0 replaced)`,
      colour: 'status',
    });

    // UDiFF bhavcopy of 18 June 2025
    const udiffRows = dataLines(UDIFF).length;
    const udiff = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_STOCK_PRICE, UDIFF);
    expect(udiff).toMatchObject({
      text: `Stock prices: ${count(udiffRows)} rows for 18-Jun-2025 (${count(udiffRows)} new, 0 replaced)`,
      colour: 'status',
    });

    // the same legacy file again changes nothing
    const again = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_STOCK_PRICE, LEGACY);
    expect(again.text).toBe(
      `Stock prices: ${count(legacyRows)} rows for 02-Jan-2019 (0 new, 0 replaced, ${count(legacyRows)} unchanged)`,
    );

    // EQUITY_L.csv: one company per line
    const equityList = path.join(NSE, 'equity_list/EQUITY_L.csv');
    const companies = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_STOCK, equityList);
    expect(companies.colour).toBe('status');
    expect(companies.text).toMatch(new RegExp(`^Stocks: ${count(dataLines(equityList).length)} companies \\(`));

    // index constituents (Company Name, Industry, Symbol, Series, ISIN Code)
    const constituents = path.join(NSE, 'industry/2019-10/ind_nifty500list.csv');
    const profiles = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_UPDATE_COMPANY_PROFILE, constituents);
    expect(profiles.colour).toBe('status');
    expect(profiles.text).toMatch(
      new RegExp(`^Company profiles: ${count(dataLines(constituents).length)} companies \\(`),
    );

    // NSE's corporate-actions export
    const corporateActions = path.join(NSE, 'corporate_actions/CF-CA-equities.csv');
    const actions = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_CORPORATE_ACTIONS, corporateActions);
    expect(actions.colour).toBe('status');
    expect(actions.text).toMatch(/^Corporate actions: [\d,]+ rows \(/);

    // an XBRL financial-results workbook (xlsx)
    const workbookDir = path.join(NSE, 'financials/xbrl_results_xlsx/ASIANPAINT');
    const workbook = path.join(
      workbookDir,
      fs
        .readdirSync(workbookDir)
        .filter((name) => name.endsWith('.xlsx'))
        .sort()[0]!,
    );
    const results = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_FINANCIAL_REPORT, workbook);
    expect(results.colour).toBe('status');
    expect(results.text).toMatch(
      /^Financial results: 1 filing for ASIANPAINT, quarter ended \d{2}-[A-Z][a-z]{2}-\d{4} \((standalone|consolidated)\) \(1 new, 0 replaced\)$/,
    );

    // balance sheets: the screen offers the template of the documented layout; it uploads as is
    await chooseType(page, TYPE_LABELS.UPLOAD_FINANCIAL_STATEMENT);
    await page.getByTestId('upload-type-description').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    const templatePath = path.join(app.dataDir, download.suggestedFilename());
    await download.saveAs(templatePath);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const statement = await uploadThroughScreen(page, TYPE_LABELS.UPLOAD_FINANCIAL_STATEMENT, templatePath);
    // the template holds two example rows: EXAMPLE standalone and consolidated
    expect(statement).toMatchObject({
      text: 'Balance sheets: 2 balance sheets for 1 company (2 new, 0 replaced)',
      colour: 'status',
    });

    // every accepted upload is in the history below the form, newest first (8 uploads so far)
    const history = page.getByTestId('upload-history');
    await history.locator('.ag-row', { hasText: path.basename(workbook) }).waitFor();
    expect(await historyTotal(app, token)).toBe(8);
    // its counts grouped the Indian way, as every count of the app
    const equityRow = history.locator('.ag-row', { hasText: 'EQUITY_L.csv' });
    expect(((await equityRow.locator('[col-id="rowsInFile"]').textContent()) ?? '').trim()).toBe(
      count(dataLines(equityList).length),
    );
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('refuses a bad file with a clear message and changes nothing', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByRole('heading', { name: 'Upload Files' }).waitFor();
    const datesBefore = await uploadedDates(app, token);
    const totalBefore = await historyTotal(app, token);

    // not a csv or spreadsheet: the screen says so and keeps Upload disabled
    await chooseType(page, TYPE_LABELS.UPLOAD_STOCK_PRICE);
    await pickFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Only .csv or .xlsx/.xls files are supported.').waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);

    // the bhavcopy of 3 January 2019 with one bad CLOSE deep inside (file line 1201)
    const lines = fs.readFileSync(LEGACY_REFUSED, 'utf8').split('\n');
    const header = lines[0]!.split(',');
    const closeColumn = header.indexOf('CLOSE');
    const badIndex = 1200;
    const fields = lines[badIndex]!.split(',');
    fields[closeColumn] = '12x.5';
    lines[badIndex] = fields.join(',');
    await page.reload();
    await page.getByRole('heading', { name: 'Upload Files' }).waitFor();
    const messageTimes = await recordUploadMessage(page);
    const refused = await uploadThroughScreen(
      page,
      TYPE_LABELS.UPLOAD_STOCK_PRICE,
      { name: '03JAN2019.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) },
      { dismiss: false },
    );
    expect(refused.colour).toBe('alert');
    // the server's message names the line and column of the first problem
    expect(refused.text).toMatch(
      new RegExp(
        `^The .+ file was not loaded: line ${badIndex + 1}, column CLOSE: .*12x\\.5.*\\. Nothing was saved\\.$`,
      ),
    );
    const problems = page.getByTestId('upload-problems');
    await problems.waitFor();
    expect(await problems.getByText('Nothing from this file was saved.', { exact: false }).count()).toBe(1);
    const problemRows = problems.locator('tbody tr');
    expect(await problemRows.count()).toBe(1);
    const cells = (await problemRows.first().locator('td').allTextContents()).map((text) => text.trim());
    expect(cells[0]).toBe(String(badIndex + 1));
    expect(cells[1]).toBe('CLOSE');
    expect(cells[2]).toContain('12x.5');

    // the red message goes by itself, 5 seconds after it appeared (docs/product/uploads.md#rules), by the page's
    // clock however late this process sees it go; the problem list stays. The observer notes a change at the end of
    // the page's task that made it, after the task's effects have started the 5 s timer: 22 ms after it once on a
    // loaded machine, so half a second is allowed
    await page.getByTestId('upload-message').waitFor({ state: 'detached' });
    const { shown, gone } = await messageTimes();
    expect(gone - shown).toBeGreaterThanOrEqual(4_500);
    expect(await problems.isVisible()).toBe(true);

    // nothing written: the same dates and the same history as before
    expect(await uploadedDates(app, token)).toEqual(datesBefore);
    expect(await historyTotal(app, token)).toBe(totalBefore);
    expect(relevantErrors(errors).filter((text) => !/status of 400/.test(text))).toEqual([]);
    await close();
  });

  it('marks the uploaded days on the Dates calendar, with the rows on hover', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dates', exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/dates`);
    const calendar = page.getByTestId('price-date-calendar');
    await calendar.waitFor();
    // the weekday header
    expect((await calendar.locator('thead th').allTextContents()).length).toBe(7);

    // the month and year pickers bring January 2019 into view
    await calendar.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: '2019', exact: true }).click();
    await calendar.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('option', { name: 'January', exact: true }).click();
    await expect
      .poll(async () => (await calendar.getByTestId('calendar-title').textContent())?.trim())
      .toBe('January 2019');
    const uploaded = calendar.locator('[data-date="2019-01-02"]');
    await expect.poll(() => uploaded.getAttribute('data-uploaded')).not.toBeNull();
    // the refused file of 3 January left no mark; neither did any other January day
    expect(await calendar.locator('[data-date="2019-01-03"]').getAttribute('data-uploaded')).toBeNull();
    expect(await calendar.locator('[data-uploaded]:not([data-outside])').count()).toBe(1);
    await uploaded.hover();
    await page.getByText(`02-Jan-2019: ${count(dataLines(LEGACY).length)} price rows uploaded`).waitFor();

    // next month by arrow: nothing uploaded in February 2019
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await expect
      .poll(async () => (await calendar.getByTestId('calendar-title').textContent())?.trim())
      .toBe('February 2019');
    expect(await calendar.locator('[data-uploaded]:not([data-outside])').count()).toBe(0);

    // the UDiFF day in June 2025
    await calendar.getByRole('button', { name: /^Latest upload: 18-Jun-2025$/ }).click();
    await expect
      .poll(async () => (await calendar.getByTestId('calendar-title').textContent())?.trim())
      .toBe('June 2025');
    expect(await calendar.locator('[data-date="2025-06-18"]').getAttribute('data-uploaded')).not.toBeNull();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('fits a phone screen: Upload and Dates without sideways scrolling', async () => {
    const { page, errors, close } = await openPage(browser);
    // log in at desktop width (the harness waits for the navbar's username, hidden on phones), then turn into a phone
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByRole('heading', { name: 'Upload Files' }).waitFor();
    await page.getByRole('combobox', { name: 'Select Upload Type' }).waitFor();
    // phones get the history as cards (the data grid's card list), wider screens the grid's rows
    await page.getByTestId('upload-history').locator('.ag-row, [data-testid="data-grid-card"]').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(`${app.baseUrl}/dates`);
    const calendar = page.getByTestId('price-date-calendar');
    await calendar.waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const box = await calendar.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('keeps investors away from uploads', async () => {
    const { page, close } = await openPage(browser);
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Upload', exact: true }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/upload`);
    await page.waitForURL(`${app.baseUrl}/login`);
    expect(await page.getByRole('heading', { name: 'Upload Files' }).count()).toBe(0);

    // the server refuses the mutation too, whatever the screen shows: sent with the investor's cookie
    const answer = await page.evaluate(async () => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query: 'mutation ($file: Upload!) { uploadMarketData(type: UPLOAD_STOCK_PRICE, file: $file) { message } }',
          variables: { file: null },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob(['SYMBOL\n'], { type: 'text/csv' }), 'x.csv');
      const response = await fetch('/graphql', {
        method: 'POST',
        body: form,
        headers: { 'apollo-require-preflight': 'true' },
        credentials: 'include',
      });
      return (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    });
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await uploadedDates(app, token)).toEqual(['2019-01-02', '2025-06-18']);
    await close();
  });

  it('backfills 20 files and a zip of 5 at once, refusing the broken one alone; the calendar marks every good day', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    await page.goto(`${app.baseUrl}/upload`);
    const batch = page.getByTestId('batch-upload');
    await batch.getByRole('heading', { name: 'Stock Price Backfill' }).waitFor();

    const legacy = (name: string) => fs.readFileSync(path.join(NSE, 'bhavcopy/legacy', name));
    const february = monthFiles('FEB2019'); // the 20 trading days of February 2019
    const march = monthFiles('MAR2019');
    const zipped = march.slice(0, 5);
    const broken = march[5]!;
    expect(february.length).toBe(20);
    const brokenLines = legacy(broken).toString('utf8').split('\n');
    const fields = brokenLines[9]!.split(',');
    fields[5] = 'n/a'; // CLOSE of file line 10
    brokenLines[9] = fields.join(',');
    const chosen = [
      { name: broken, mimeType: 'text/csv', buffer: Buffer.from(brokenLines.join('\n'), 'utf8') },
      {
        name: 'march-2019.zip',
        mimeType: 'application/zip',
        buffer: zipOf(zipped.map((name) => ({ name: `march/${name}`, data: legacy(name) }))),
      },
      ...[...february].reverse().map((name) => ({ name, mimeType: 'text/csv', buffer: legacy(name) })),
    ];
    await batch.locator('input[type="file"]').setInputFiles(chosen);
    // the chosen files are listed before anything is sent
    await expect.poll(() => batch.getByTestId('batch-file').count()).toBe(22);
    await batch.getByRole('button', { name: 'Upload 22 Files' }).click();

    const message = batch.getByTestId('batch-message');
    await message.waitFor({ timeout: 240_000 });
    const good = [...february, ...zipped];
    const rows = good.map((name) => dataLines(path.join(NSE, 'bhavcopy/legacy', name)).length);
    const total = rows.reduce((sum, value) => sum + value, 0);
    expect((await message.textContent())?.trim()).toBe(
      `26 files: 25 loaded (${count(total)} rows), 1 refused, 0 already loaded`,
    );

    // every file, in date order, with its date, rows and outcome
    const items = batch.getByTestId('batch-file');
    expect(await items.count()).toBe(26);
    const inOrder = [...february, ...zipped, broken];
    expect(await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-file')))).toEqual(inOrder);
    for (const [index, name] of inOrder.entries()) {
      const item = items.nth(index);
      const text = (await item.textContent()) ?? '';
      expect(text).toContain(fileDate(name).shown);
      if (name === broken) {
        expect(await item.getAttribute('data-status')).toBe('REFUSED');
        expect(text).toContain('Refused');
        expect((await item.getByTestId('batch-file-reason').textContent())?.trim()).toMatch(
          /^The stock price file was not loaded: line 10, column CLOSE: 'n\/a' .*Nothing was saved\.$/,
        );
      } else {
        expect(await item.getAttribute('data-status')).toBe('OK');
        expect(text).toContain('Loaded');
        expect(text).toContain(`${count(rows[good.indexOf(name)]!)} rows`);
        if (zipped.includes(name)) expect(text).toContain('from march-2019.zip');
      }
    }

    // the calendar marks every good day, and not the refused one
    await page.goto(`${app.baseUrl}/dates`);
    const calendar = page.getByTestId('price-date-calendar');
    await calendar.waitFor();
    await calendar.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: '2019', exact: true }).click();
    await calendar.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('option', { name: 'February', exact: true }).click();
    await expect
      .poll(async () => (await calendar.getByTestId('calendar-title').textContent())?.trim())
      .toBe('February 2019');
    const marked = () =>
      calendar
        .locator('[data-uploaded]:not([data-outside])')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-date')));
    await expect.poll(marked).toEqual(february.map((name) => fileDate(name).iso));
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await expect
      .poll(async () => (await calendar.getByTestId('calendar-title').textContent())?.trim())
      .toBe('March 2019');
    await expect.poll(marked).toEqual(zipped.map((name) => fileDate(name).iso));
    expect(await calendar.locator(`[data-date="${fileDate(broken).iso}"]`).getAttribute('data-uploaded')).toBeNull();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
