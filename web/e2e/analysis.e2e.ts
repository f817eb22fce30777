/**
 * Analysis journeys in Chromium against the app as `npm start` runs it, with the demo market loaded
 * on start. Expectations come from the demo files the app wrote under DATA_DIR/demo-market (the
 * very files it ingested), parsed here independently of the app's code:
 * - Company Analysis of a demo symbol: profile (name from EQUITY_L.csv), the five period charts,
 *   the SMA chart whose inputs change the series, the candlestick chart, statements and Profit.
 * - The same page at 400px wide: no horizontal overflow.
 * - Corporate Actions: a row click opens the analysis of the row's symbol.
 * - Companies: staff add, edit and delete a company (the messages of docs/product/README.md#validation-and-messages, a
 * duplicate refused by the server); the new company, which has no prices or statements, shows the empty states.
 * - An investor sees no Companies entry and the route sends them to /login.
 * - An unknown symbol shows the not-found message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, loginThroughUi, openPage, relevantErrors, startApp, type RunningApp } from './harness';

/** A minimal CSV split: cells trimmed and unquoted (the demo files have no commas inside quotes). */
function rows(file: string): string[][] {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) =>
      line.split(',').map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      ),
    );
}

interface DemoSymbol {
  symbol: string;
  companyName: string;
  /** Standalone balance sheets (dates), as filed. */
  standaloneSheets: string[];
  /** Trading days with a price row. */
  priceDays: number;
  /** The symbol's last price row: close as printed and the day (YYYY-MM-DD). */
  lastClose: string;
  lastDay: string;
  /** The first trading day of the WEEKLY window (D − 7 days, D]. */
  firstWeeklyDay: string;
  /** Total assets of the latest standalone balance sheet, as printed. */
  latestTotalAssets: string;
}

/** The five period line charts' test ids, top first. */
const PERIOD_CHARTS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'].map(
  (period) => `price-chart-${period}`,
);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** '30-JUN-2025' → '2025-06-30'. */
function isoOf(legacyDate: string): string {
  const [day, month, year] = legacyDate.split('-');
  return `${year}-${String(MONTHS.indexOf(month!.toUpperCase()) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** '2025-06-30' → '30-Jun-2025', the screens' date format, written out here apart from the app's code. */
function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  const name = MONTHS[Number(month) - 1]!;
  return `${day}-${name.charAt(0)}${name.slice(1).toLowerCase()}-${year}`;
}

/** ₹ with Indian grouping and 2 decimals from a printed decimal, via integer paise (no floats). */
function rupees(printed: string): string {
  const negative = printed.startsWith('-');
  const [whole = '0', fraction = ''] = printed.replace('-', '').split('.');
  const paise = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  const units = String(paise / 100n);
  const grouped =
    units.length <= 3 ? units : `${units.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${units.slice(-3)}`;
  return `${negative ? '-' : ''}₹${grouped}.${String(paise % 100n).padStart(2, '0')}`;
}

/** A statement figure in crores as the screens show it (₹746.32 Cr), from a printed rupee decimal: 0.01 crore is
 * 1,00,000 rupees = 1,00,00,000 paise, rounded half away from zero, by integer arithmetic. */
function crores(printed: string): string {
  const negative = printed.startsWith('-');
  const [whole = '0', fraction = ''] = printed.replace('-', '').split('.');
  const paise = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  const hundredths = (paise + 5_000_000n) / 10_000_000n;
  const units = String(hundredths / 100n);
  const grouped =
    units.length <= 3 ? units : `${units.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${units.slice(-3)}`;
  const zero = hundredths === 0n;
  return `${negative && !zero ? '-' : ''}₹${grouped}.${String(hundredths % 100n).padStart(2, '0')} Cr`;
}

/** Today in India as YYYY-MM-DD (statements up to today are shown). */
function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/**
 * Picks the first company (in EQUITY_L order) that has corporate actions, standalone balance
 * sheets and at least 100 price rows, and reads what the page must show for it.
 */
function pickDemoSymbol(dataDir: string): DemoSymbol {
  const directory = path.join(dataDir, 'demo-market');
  const files = fs.readdirSync(directory);
  const equity = rows(path.join(directory, 'EQUITY_L.csv')).slice(1);
  const actions = rows(path.join(directory, 'CF-CA-demo.csv'));
  const actionSymbols = new Set(actions.slice(1).map((row) => row[0]));
  const sheets = rows(path.join(directory, 'balance_sheets_demo.csv')).slice(1);
  const priceFile = files.find((name) => name.startsWith('bhavcopy_'));
  if (!priceFile) throw new Error('no demo price file');
  const prices = rows(path.join(directory, priceFile));
  const symbolColumn = prices[0]!.indexOf('SYMBOL');
  const [closeColumn, dayColumn] = [prices[0]!.indexOf('CLOSE'), prices[0]!.indexOf('TIMESTAMP')];
  const daysBySymbol = new Map<string, number>();
  const lastRow = new Map<string, { close: string; day: string }>();
  const daysOf = new Map<string, string[]>();
  for (const row of prices.slice(1)) {
    daysOf.set(row[symbolColumn]!, [...(daysOf.get(row[symbolColumn]!) ?? []), isoOf(row[dayColumn]!)]);
    daysBySymbol.set(row[symbolColumn]!, (daysBySymbol.get(row[symbolColumn]!) ?? 0) + 1);
    const day = isoOf(row[dayColumn]!);
    const known = lastRow.get(row[symbolColumn]!);
    if (!known || day > known.day) lastRow.set(row[symbolColumn]!, { close: row[closeColumn]!, day });
  }
  const today = todayInIndia();
  for (const [symbol, companyName] of equity) {
    const standaloneRows = sheets
      .filter((row) => row[0] === symbol && row[1] === 'Standalone' && row[2]! <= today)
      .sort((a, b) => a[2]!.localeCompare(b[2]!));
    const priceDays = daysBySymbol.get(symbol!) ?? 0;
    const last = lastRow.get(symbol!);
    if (actionSymbols.has(symbol) && standaloneRows.length > 0 && priceDays >= 100 && last) {
      // balance-sheet columns: Symbol, Nature, DateOfEndOfReportingPeriod, NonCurrentAssets, CurrentAssets, Assets, …
      const latest = standaloneRows[standaloneRows.length - 1]!;
      const [year, month, day] = last.day.split('-').map(Number) as [number, number, number];
      const weekBefore = new Date(Date.UTC(year, month - 1, day - 7)).toISOString().slice(0, 10);
      const firstWeeklyDay = (daysOf.get(symbol!) ?? []).filter((date) => date > weekBefore).sort()[0]!;
      return {
        firstWeeklyDay,
        symbol: symbol!,
        companyName: companyName!,
        standaloneSheets: standaloneRows.map((row) => row[2]!),
        priceDays,
        lastClose: last.close,
        lastDay: last.day,
        latestTotalAssets: latest[5]!,
      };
    }
  }
  throw new Error('no demo symbol with actions, standalone statements and 100 prices');
}

/**
 * A chart's drawn SVG: charts draw once they come near the screen (docs/decisions.md#charts-after-the-figures), so
 * the chart is scrolled into view first, as a reader would.
 */
async function drawnChart(page: Page, testId: string) {
  const frame = page.getByTestId(testId);
  await frame.scrollIntoViewIfNeeded();
  const svg = frame.locator('svg.apexcharts-svg');
  await svg.waitFor();
  return svg;
}

async function averageCaption(page: Page): Promise<string> {
  return ((await page.getByTestId('average-caption').textContent()) ?? '').trim();
}

/** The text of served HTML: the BFF writes names with numeric entities (bff/src/http/web-app.ts), React's markup named ones. */
function unescapeHtml(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return html.replace(/&(#\d+|[a-z]+);/g, (entity, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (named[name] ?? entity),
  );
}

describe('analysis screens in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let demo: DemoSymbol;

  beforeAll(async () => {
    app = await startApp({ demoData: true, timeoutMs: 300_000 });
    demo = pickDemoSymbol(app.dataDir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the company analysis of a demo symbol: profile, charts, SMA inputs, candlestick, statements', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1400 });
    await page.goto(`${app.baseUrl}/company-analysis/${demo.symbol}`);
    // the first request of a fresh server fills the BFF's market cache (all symbols' latest prices): slow on a busy
    // machine, within the harness's STATE_TIMEOUT_MS
    await page.getByTestId('company-analysis').waitFor();
    const profile = page.getByTestId('company-profile');
    await profile.getByRole('cell', { name: demo.companyName, exact: true }).waitFor();
    await profile.getByRole('cell', { name: demo.symbol, exact: true }).waitFor();
    // the close of the symbol's last row in the price file, on that day
    await profile
      .getByRole('cell', { name: `${rupees(demo.lastClose)} on ${displayDate(demo.lastDay)}`, exact: true })
      .waitFor();

    // five period line charts, each an ApexCharts SVG
    for (const chart of PERIOD_CHARTS) await drawnChart(page, chart);
    await page.getByTestId('price-chart-HALFYEARLY').getByText('HALF YEARLY', { exact: true }).waitFor();

    // SMA: the defaults are 100 closes and a 20-day window → 100 − 20 + 1 = 81 points
    await drawnChart(page, 'average-chart');
    expect(await averageCaption(page)).toBe('SMA (20) over the last 100 closes: 81 points');
    expect(await page.getByTestId('average-chart').locator('.apexcharts-series').count()).toBe(2);
    // window 10 → 100 − 10 + 1 = 91 points; then 50 closes → 50 − 10 + 1 = 41 points
    await page.getByLabel('Enter Window Size').fill('10');
    await page.getByText('SMA (10) over the last 100 closes: 91 points').waitFor();
    await page.getByLabel('Enter Price Size').fill('50');
    await page.getByText('SMA (10) over the last 50 closes: 41 points').waitFor();
    expect(await page.getByTestId('average-chart').getAttribute('data-points')).toBe('41');
    // a window larger than the price size is refused before asking the server
    await page.getByLabel('Enter Window Size').fill('60');
    await page.getByTestId('average-problem').getByText('Window size must not be larger than the price size').waitFor();
    await page.getByLabel('Enter Window Size').fill('10');
    // another average: EMA over the same 50 closes, seeded with the 10-day SMA → 41 points
    await page.getByRole('combobox', { name: 'Average' }).selectOption('EMA');
    await page.getByText('EMA (10) over the last 50 closes: 41 points').waitFor();
    // a colour dot colours the average's line
    await page.getByRole('button', { name: 'Colour green' }).click();
    expect(await page.getByRole('button', { name: 'Colour green' }).getAttribute('aria-pressed')).toBe('true');

    // candlestick chart, height 500, with the zoom toolbar
    const candles = page.getByTestId('candlestick-section');
    await candles.getByRole('heading', { name: 'Stock Price Candlestick Chart' }).waitFor();
    await drawnChart(page, 'candlestick-section');
    expect(await candles.locator('.apexcharts-candlestick-series').count()).toBe(1);
    expect(await candles.locator('.apexcharts-zoom-icon, .apexcharts-zoomin-icon').count()).toBeGreaterThan(0);
    expect(Number(await candles.locator('svg.apexcharts-svg').getAttribute('height'))).toBe(500);

    // statements: the header holds 'End Of Reporting Period' and one date per sheet (last 8 at most)
    const sheet = page.getByTestId('balance-sheet-section');
    await sheet.getByRole('columnheader', { name: 'End Of Reporting Period' }).waitFor();
    expect(await sheet.getByRole('columnheader').count()).toBe(1 + Math.min(8, demo.standaloneSheets.length));
    const latestSheet = demo.standaloneSheets[demo.standaloneSheets.length - 1]!;
    expect(((await sheet.getByRole('columnheader').last().textContent()) ?? '').trim()).toBe(displayDate(latestSheet));
    const totalAssets = sheet
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Total Assets', exact: true }) });
    expect(((await totalAssets.getByRole('cell').last().textContent()) ?? '').trim()).toBe(
      crores(demo.latestTotalAssets),
    );
    // on a laptop every period fits: the table does not scroll sideways
    expect(
      await sheet.getByRole('region', { name: 'Balance Sheet' }).evaluate((box) => box.scrollWidth - box.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page
      .getByTestId('profit-loss-section')
      .getByRole('columnheader', { name: 'End Of Reporting Period' })
      .waitFor();
    await drawnChart(page, 'profit-chart');
    await page.getByTestId('past-events').waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it("keeps the served page's heading while the page's code loads", async () => {
    const { page, errors, close } = await openPage(browser, { width: 400, height: 800 });
    // the page's chunk held until the app has drawn its first render (its page loader) without it
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/company-analysis-page-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const served = page.waitForResponse((response) => response.request().resourceType() === 'document');
    await page.goto(`${app.baseUrl}/company-analysis/${demo.symbol}`, { waitUntil: 'commit' });
    const servedHeading = /<h1[^>]*>(.*?)<\/h1>/s.exec(await (await served).text())?.[1] ?? '';
    expect(unescapeHtml(servedHeading)).toContain(`(${demo.symbol}) · Company Analysis`);
    await page.getByTestId('page-loader').waitFor();
    expect(await page.locator('[data-first-paint]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(unescapeHtml(servedHeading));
    release();
    await page.getByTestId('company-analysis').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `${demo.companyName} (${demo.symbol}) · Company Analysis`,
    );
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('fits a 400px wide screen without horizontal overflow', async () => {
    const { page, errors, close } = await openPage(browser, { width: 400, height: 800 });
    await page.goto(`${app.baseUrl}/company-analysis/${demo.symbol}`);
    await page.getByTestId('company-analysis').waitFor();
    // every chart drawn (each once scrolled to), then measured
    for (const chart of [...PERIOD_CHARTS, 'average-chart', 'candlestick-section', 'profit-chart'])
      await drawnChart(page, chart);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // a statement wider than the screen shows its latest period first, beside the row labels
    const sheet = page.getByTestId('balance-sheet-section');
    await sheet.scrollIntoViewIfNeeded();
    const latest = await sheet.getByRole('columnheader').last().boundingBox();
    const rowLabel = await sheet.getByRole('rowheader', { name: 'Total Assets', exact: true }).boundingBox();
    const box = await sheet.getByRole('region', { name: 'Balance Sheet' }).boundingBox();
    expect([latest, rowLabel, box]).not.toContain(null);
    expect(latest!.x).toBeGreaterThanOrEqual(box!.x);
    expect(latest!.x + latest!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    expect(Math.abs(rowLabel!.x - box!.x)).toBeLessThanOrEqual(1);
    // the charts take the full width of their card (stacked, not side by side)
    const yearly = await page.getByTestId('price-chart-YEARLY').boundingBox();
    const weekly = await page.getByTestId('price-chart-WEEKLY').boundingBox();
    expect(yearly && weekly && yearly.y > weekly.y && Math.abs(yearly.x - weekly.x) < 1).toBe(true);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('opens the company analysis from a corporate actions row', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1400 });
    await page.goto(`${app.baseUrl}/corporate-actions`);
    const grid = page.getByTestId('corporate-actions');
    await grid.getByRole('heading', { name: 'Corporate Actions' }).waitFor();
    const firstRow = grid.locator('.ag-row[row-index="0"]').first();
    await firstRow.waitFor();
    const symbol = ((await firstRow.locator('[col-id="symbol"]').textContent()) ?? '').trim();
    expect(symbol).not.toBe('');
    await firstRow.locator('[col-id="purpose"]').click();
    await page.waitForURL(`**/company-analysis/${symbol}`);
    await page.getByTestId('company-analysis').waitFor();
    await page.getByTestId('company-profile').getByRole('cell', { name: symbol, exact: true }).waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('lets staff add, edit and delete a company; the new company shows empty states', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Companies' }).click();
    const grid = page.getByTestId('companies');
    await grid.getByRole('heading', { name: 'Companies' }).waitFor();
    await grid.locator('.ag-row').first().waitFor();

    await page.getByRole('button', { name: 'Add Companies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new Company' });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // the date of listing starts at today (in India)
    expect(await dialog.getByLabel('Date Of Listing').inputValue()).toBe(todayInIndia());
    await dialog.getByLabel('Company Name').focus();
    await dialog.getByLabel('Company Name').blur();
    await dialog.getByText('Company Name is required!').waitFor();
    await dialog.getByLabel('Market Lot').fill('x');
    await dialog.getByLabel('Market Lot').fill('');
    await dialog.getByLabel('Market Lot').blur();
    await dialog.getByText('Market Lot is required!').waitFor();

    await dialog.getByLabel('Company Name').fill('E2E Analysis Industries Limited');
    await dialog.getByLabel('Industry').fill('Capital Goods');
    await dialog.getByLabel('Symbol').fill('e2eanlys');
    await dialog.getByLabel('Series').fill('EQ');
    await dialog.getByLabel('Isin Code').fill('INE000E2E017');
    await dialog.getByLabel('Paid Up Value').fill('10');
    await dialog.getByLabel('Date Of Listing').fill('2024-04-01');
    await dialog.getByLabel('Market Lot').fill('1');
    await dialog.getByLabel('Face Value').fill('10');
    await save.click();
    await page.getByText('Company added successfully!').waitFor();
    await grid.getByRole('textbox', { name: 'Search Companies' }).fill('E2EANLYS');
    const row = grid.locator('.ag-row', { hasText: 'E2EANLYS' });
    await row.waitFor();

    // the same symbol again: the server's conflict is shown in the form
    await page.getByRole('button', { name: 'Add Companies' }).click();
    await dialog.getByLabel('Company Name').fill('Duplicate');
    await dialog.getByLabel('Industry').fill('Capital Goods');
    await dialog.getByLabel('Symbol').fill('E2EANLYS');
    await dialog.getByLabel('Series').fill('EQ');
    await dialog.getByLabel('Isin Code').fill('INE000E2E025');
    await dialog.getByLabel('Paid Up Value').fill('10');
    await dialog.getByLabel('Market Lot').fill('1');
    await dialog.getByLabel('Face Value').fill('10');
    await save.click();
    // the server's refusal shows above the fields and the modal stays open
    await dialog.getByRole('alert').waitFor();
    expect(((await dialog.getByRole('alert').textContent()) ?? '').toLowerCase()).toMatch(/exist|already|conflict/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // edit
    await row.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Company' });
    expect(await editDialog.getByLabel('Symbol').inputValue()).toBe('E2EANLYS');
    // an action is not a row click: the page stays
    expect(new URL(page.url()).pathname).toBe('/companies');
    expect(await editDialog.getByLabel('Date Of Listing').inputValue()).toBe('2024-04-01');
    await editDialog.getByLabel('Company Name').fill('E2E Analysis Holdings Limited');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company updated successfully!').waitFor();
    await row.getByText('E2E Analysis Holdings Limited').waitFor();

    // a row click opens its analysis: a company with no prices, events or statements shows empty states
    await row.locator('[col-id="industry"]').click();
    await page.waitForURL('**/company-analysis/E2EANLYS');
    await page
      .getByTestId('company-profile')
      .getByRole('cell', { name: 'E2E Analysis Holdings Limited', exact: true })
      .waitFor();
    await page.getByTestId('no-prices').waitFor();
    await page.getByTestId('candlestick-chart-empty').waitFor();
    await page.getByTestId('average-empty').waitFor();
    await page.getByTestId('balance-sheet-empty').waitFor();
    await page.getByTestId('profit-loss-empty').waitFor();
    await page.getByTestId('past-events').getByTestId('data-grid-empty').waitFor();

    // delete, after confirmation
    await page.goBack();
    await grid.getByRole('textbox', { name: 'Search Companies' }).fill('E2EANLYS');
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete company' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Company E2EANLYS deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('keeps investors out of Companies', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1400 });
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Corporate Actions' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Companies', exact: true }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/companies`);
    // the guard sends a role mismatch to /login (docs/product/common.md#routes-and-guards), which says why
    await page.getByText('Your account cannot open that page. Log in with an account that has access.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByTestId('companies').count()).toBe(0);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('shows a not-found message for an unknown symbol', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1400 });
    await page.goto(`${app.baseUrl}/company-analysis/NOSUCHCO`);
    await page.getByTestId('company-not-found').getByText('No company found for "NOSUCHCO"').waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('shows the statements of a company picked on Fundamental Analysis', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1400 });
    await page.goto(`${app.baseUrl}/fundamental-analysis`);
    await page.getByTestId('fundamental-pick').waitFor();
    await page.getByRole('combobox', { name: 'Company' }).fill(demo.symbol);
    await page.getByRole('option', { name: `${demo.symbol} · ${demo.companyName}` }).click();
    await page.waitForURL(`**/fundamental-analysis?symbol=${demo.symbol}`);
    const sheet = page.getByTestId('balance-sheet-section');
    await sheet.getByRole('columnheader', { name: 'End Of Reporting Period' }).waitFor();
    expect(await sheet.getByRole('columnheader').count()).toBe(1 + Math.min(8, demo.standaloneSheets.length));
    await drawnChart(page, 'profit-chart');
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('draws the same chart dates in every browser time zone', async () => {
    // a day drawn as local midnight would move to the day before west of UTC: compare the WEEKLY axis labels
    const labelsIn = async (timezoneId: string): Promise<string[]> => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/company-analysis/${demo.symbol}`);
      await drawnChart(page, 'price-chart-WEEKLY');
      const labels = page.getByTestId('price-chart-WEEKLY').locator('.apexcharts-xaxis-label tspan');
      await labels.first().waitFor();
      const texts = (await labels.allTextContents()).map((text) => text.trim()).filter(Boolean);
      await context.close();
      return texts;
    };
    const utc = await labelsIn('UTC');
    expect(utc.length).toBeGreaterThan(0);
    // the axis starts at the window's first trading day ('24 Jun'), not the day before
    const [, month, day] = demo.firstWeeklyDay.split('-');
    const monthName = MONTHS[Number(month) - 1]!;
    expect(utc[0]).toBe(`${day} ${monthName.charAt(0)}${monthName.slice(1).toLowerCase()}`);
    expect(await labelsIn('Asia/Kolkata')).toEqual(utc);
    expect(await labelsIn('America/Los_Angeles')).toEqual(utc);
  });
});
