/**
 * Market screens in Chromium against the app as `npm start` runs it, with the demo market loaded on
 * the first start (220 symbols, 400 trading days). What the screens must show is worked out here from
 * the REST API's raw rows (the Present/Previous closes of the trend lists and the latest prices),
 * with an independent re-implementation of the derivations in integer paise: change, change %
 * (2 decimals, half away from zero), the list order (highs by change % descending, ties by symbol),
 * the tile colour rule of docs/product/market.md#rules and the ₹ display.
 * - Technical Analysis: the Weekly high list pages 25 at a time, search narrows it and resets the
 *   page, tiles carry the right values and colours, a tile opens /company-analysis/SYMBOL.
 * - A 400px-wide viewport shows 5 tiles per page with its own pager.
 * - Stock Prices: search, sort by close, row click opens company analysis; a past day picked in the
 *   calendar (only uploaded days enabled) shows that day's rows and says which day it is.
 * - No console errors anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, relevantErrors, startApp, type RunningApp } from './harness';
import { hundredths, longDate, marketDate, rupees, toPaise } from './figures';

interface TrendEntry {
  Present: { closePrice: string; date: string };
  Previous: { closePrice: string; date: string };
}

interface ExpectedTile {
  symbol: string;
  closePaise: number;
  changePaise: number;
  /** change % × 100, rounded half away from zero (e.g. 724 = 7.24%). */
  percentHundredths: number;
}

interface PriceRow {
  symbol: string;
  closePrice: string;
}

/** Integer division rounded half away from zero. */
function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.abs(numerator) / Math.abs(denominator);
  const rounded = Math.floor(quotient + 0.5);
  return Math.sign(numerator) * Math.sign(denominator) * rounded;
}

const signedRupees = (paise: number) => (paise > 0 ? `+${rupees(paise)}` : rupees(paise));

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** A trend list as the page must show it, derived from the REST rows. */
async function expectedTrendList(app: RunningApp, direction: 'high' | 'low', period: string): Promise<ExpectedTile[]> {
  const rows = await fetchJson<Record<string, TrendEntry>>(
    `${app.apiUrl}/api/public/stock-prices/weeks-${direction}?type=${period}`,
  );
  const tiles = Object.entries(rows).map(([symbol, entry]) => {
    const closePaise = toPaise(entry.Present.closePrice);
    const previousPaise = toPaise(entry.Previous.closePrice);
    const changePaise = closePaise - previousPaise;
    return { symbol, closePaise, changePaise, percentHundredths: divideRounded(changePaise * 10_000, previousPaise) };
  });
  return tiles.sort((a, b) => {
    const byPercent =
      direction === 'high' ? b.percentHundredths - a.percentHundredths : a.percentHundredths - b.percentHundredths;
    return byPercent !== 0 ? byPercent : a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  });
}

/** docs/product/market.md#rules: high lists show a negative change as a loss, low lists a change of 0 or less. */
const expectedTone = (direction: 'high' | 'low', changePaise: number) =>
  (direction === 'high' ? changePaise < 0 : changePaise <= 0) ? 'loss' : 'gain';

async function shownSymbols(page: Page, sectionId: string): Promise<string[]> {
  return page
    .getByTestId(sectionId)
    .getByTestId('trend-tile')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-symbol') ?? ''));
}

describe('market screens in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let weeklyHighs: ExpectedTile[];
  let weeklyLows: ExpectedTile[];

  beforeAll(async () => {
    app = await startApp({ demoData: true });
    browser = await launchBrowser();
    weeklyHighs = await expectedTrendList(app, 'high', 'WEEKLY');
    weeklyLows = await expectedTrendList(app, 'low', 'WEEKLY');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('Technical Analysis: pages, searches and opens a tile', async () => {
    // the demo market has more than two pages of weekly highs, so paging is exercised
    expect(weeklyHighs.length).toBeGreaterThan(50);
    const { page, errors, close } = await openPage(browser, { width: 1400 });
    await page.goto(`${app.baseUrl}/technical-analysis`);
    await page.getByTestId('technical-analysis').waitFor();
    expect(await page.getByTestId('trend-card-high').getByRole('heading', { level: 4 }).allTextContents()).toEqual([
      'Weekly',
      'Monthly',
      'Quarterly',
      'Half Yearly',
      'Yearly',
    ]);
    expect(await page.getByTestId('trend-card-low').getByRole('heading', { level: 2 }).textContent()).toBe(
      'Low Trends',
    );

    const section = page.getByTestId('trend-high-weekly');
    expect(await section.getByTestId('trend-high-weekly-count').textContent()).toBe(`${weeklyHighs.length} symbols`);
    // page 1: the first 25 in the expected order, each with its close, change, change % and colour
    await expect
      .poll(() => shownSymbols(page, 'trend-high-weekly'))
      .toEqual(weeklyHighs.slice(0, 25).map((tile) => tile.symbol));
    const tiles = section.getByTestId('trend-tile');
    for (let index = 0; index < 25; index++) {
      const expected = weeklyHighs[index] as ExpectedTile;
      const tile = tiles.nth(index);
      expect(await tile.getByTestId('trend-tile-close').textContent()).toBe(rupees(expected.closePaise));
      expect(await tile.getByTestId('trend-tile-change').textContent()).toBe(
        `${signedRupees(expected.changePaise)}${hundredths(expected.percentHundredths)}%`,
      );
      expect(await tile.getAttribute('data-tone')).toBe(expectedTone('high', expected.changePaise));
    }
    // the grid has 5 columns: the first five tiles share a row, the sixth starts the next
    const tops = await tiles.evaluateAll((elements) =>
      elements.slice(0, 6).map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops.slice(0, 5)).size).toBe(1);
    expect(tops[5]).toBeGreaterThan(tops[0] as number);

    // page through: 2 by its link, then Next to 3
    const pager = section.getByRole('navigation', { name: 'Weekly high trends pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => shownSymbols(page, 'trend-high-weekly'))
      .toEqual(weeklyHighs.slice(25, 50).map((tile) => tile.symbol));
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => shownSymbols(page, 'trend-high-weekly'))
      .toEqual(weeklyHighs.slice(50, 75).map((tile) => tile.symbol));
    await expect.poll(() => pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // the low list's colours follow its own rule
    const lowTones = await page
      .getByTestId('trend-low-weekly')
      .getByTestId('trend-tile')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tone')));
    expect(lowTones).toEqual(weeklyLows.slice(0, 25).map((tile) => expectedTone('low', tile.changePaise)));

    // search a symbol from the last page: the list narrows to the matching symbols, back on page 1
    const wanted = (weeklyHighs[weeklyHighs.length - 1] as ExpectedTile).symbol;
    await section.getByPlaceholder('Search').fill(wanted.toLowerCase());
    await section.getByRole('button', { name: 'Search', exact: true }).click();
    const matching = weeklyHighs.filter((tile) => tile.symbol.includes(wanted)).map((tile) => tile.symbol);
    await expect.poll(() => shownSymbols(page, 'trend-high-weekly')).toEqual(matching);
    await expect.poll(() => section.getByRole('navigation').count()).toBe(0);

    // the tile is a button: focus it and press Enter
    await section.locator(`[data-symbol="${wanted}"]`).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/company-analysis/'));
    expect(new URL(page.url()).pathname).toBe(`/company-analysis/${encodeURIComponent(wanted)}`);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('Technical Analysis on a 400px-wide phone: 5 tiles per page with the mobile pager', async () => {
    const { page, errors, close } = await openPage(browser, { width: 400, height: 860 });
    await page.goto(`${app.baseUrl}/technical-analysis`);
    await page.getByTestId('technical-analysis').waitFor();
    const section = page.getByTestId('trend-high-weekly');
    expect(await section.getByTestId('trend-high-weekly-tiles').getAttribute('data-layout')).toBe('mobile');
    await expect
      .poll(() => shownSymbols(page, 'trend-high-weekly'))
      .toEqual(weeklyHighs.slice(0, 5).map((tile) => tile.symbol));
    const pager = section.getByRole('navigation', { name: 'Weekly high trends pages (mobile)' });
    const lastPage = Math.ceil(weeklyHighs.length / 5);
    // at most 7 items: 1 2 3 4 5 … last
    expect(await pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      String(lastPage),
    ]);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => shownSymbols(page, 'trend-high-weekly'))
      .toEqual(weeklyHighs.slice(5, 10).map((tile) => tile.symbol));
    await pager.getByRole('button', { name: `Page ${lastPage}` }).click();
    await expect
      .poll(() => shownSymbols(page, 'trend-high-weekly'))
      .toEqual(weeklyHighs.slice((lastPage - 1) * 5).map((tile) => tile.symbol));
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('Stock Prices: search, sort by close and open a row', async () => {
    const prices = await fetchJson<PriceRow[]>(`${app.apiUrl}/api/public/stock-prices`);
    expect(prices.length).toBeGreaterThan(10);
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await page.goto(`${app.baseUrl}/stock-price`);
    const grid = page.getByTestId('stock-prices');
    await grid.getByRole('heading', { name: 'Stock Prices' }).waitFor();
    await grid.locator('.ag-row[row-index="0"]').waitFor();
    await expect.poll(() => grid.locator('.ag-row[row-index]').count()).toBe(10);
    await grid.getByText(`${prices.length} rows`).waitFor();

    // sort by Close (ascending): the first page holds the 10 lowest closes, shown as ₹ with 2 decimals
    await grid.locator('.ag-header-cell[col-id="closePrice"]').click();
    const lowest = [...prices].sort((a, b) => toPaise(a.closePrice) - toPaise(b.closePrice)).slice(0, 10);
    const closesShown = async () => {
      const cells = await grid.locator('.ag-row[row-index]').evaluateAll((rows) =>
        rows
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            close: row.querySelector('[col-id="closePrice"]')?.textContent?.trim() ?? '',
          }))
          .sort((a, b) => a.index - b.index)
          .map((row) => row.close),
      );
      return cells;
    };
    await expect.poll(closesShown).toEqual(lowest.map((row) => rupees(toPaise(row.closePrice))));

    // search narrows the table to rows containing the text
    const wanted = (prices[prices.length - 1] as PriceRow).symbol;
    await grid.getByPlaceholder('Search').fill(wanted);
    await grid.getByRole('button', { name: 'Search', exact: true }).click();
    // a whole symbol (letters only) can only match in the Symbol column: no other column holds such text
    const matching = prices.filter((row) => row.symbol.includes(wanted));
    await expect.poll(() => grid.locator('.ag-row[row-index]').count()).toBe(Math.min(10, matching.length));
    const wantedRow = grid
      .locator('.ag-row[row-index]')
      .filter({ has: page.locator('[col-id="symbol"]').getByText(wanted, { exact: true }) });

    // a row click (here on another cell than the symbol: the close, a key column; the series is the first optional
    // column to go) opens company analysis for that row's symbol
    await wantedRow.locator('[col-id="closePrice"]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/company-analysis/'));
    expect(new URL(page.url()).pathname).toBe(`/company-analysis/${encodeURIComponent(wanted)}`);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('Stock Prices for a past day: picked in the calendar, which offers only uploaded days', async () => {
    const days = await fetchJson<string[]>(`${app.apiUrl}/api/public/stock-prices/dates`);
    const latest = days[days.length - 1] as string;
    // the last trading day of the month before the latest day's: one "Previous month" away
    const past = [...days].reverse().find((day) => day.slice(0, 7) < latest.slice(0, 7)) as string;
    const pastRows = await fetchJson<PriceRow[]>(`${app.apiUrl}/api/public/stock-prices?date=${past}`);
    expect(pastRows.length).toBeGreaterThan(10);
    const { page, errors, close } = await openPage(browser, { width: 1366, height: 768 });
    await page.goto(`${app.baseUrl}/stock-price`);
    const note = page.getByTestId('stock-prices-as-of');
    await expect.poll(() => note.textContent()).toBe(`Prices of ${marketDate(latest)}`);

    await page.getByTestId('stock-prices-day').click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    // a weekend day of that month has no prices: it cannot be picked
    const month = past.slice(0, 7);
    const weekend = [...Array(28).keys()]
      .map((index) => `${month}-${String(index + 1).padStart(2, '0')}`)
      .find((day) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) && !days.includes(day)) as string;
    expect(await page.getByRole('button', { name: longDate(weekend), exact: true }).getAttribute('data-disabled')).toBe(
      'true',
    );
    await page.getByRole('button', { name: longDate(past), exact: true }).click();

    await page.waitForURL((url) => url.searchParams.get('asOf') === past);
    await expect
      .poll(() => note.textContent())
      .toBe(`Prices of ${marketDate(past)}; the latest trading day is ${marketDate(latest)}`);
    const grid = page.getByTestId('stock-prices');
    await grid.getByText(`${pastRows.length} rows`).waitFor();
    // the first row (by symbol) is the past day's close of the first symbol
    const first = pastRows[0] as PriceRow;
    await expect
      .poll(() => grid.locator('.ag-row[row-index="0"] [col-id="closePrice"]').textContent())
      .toBe(rupees(toPaise(first.closePrice)));

    // the address keeps the day: a reload shows it again
    await page.reload();
    await expect.poll(() => note.textContent()).toContain(`Prices of ${marketDate(past)}`);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('User Guide: the eight averages and the SMA article', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${app.baseUrl}/guide`);
    await page.getByRole('heading', { name: 'User Guide' }).waitFor();
    expect(await page.getByTestId('guide-overview').getByRole('article').count()).toBe(8);
    await page.getByRole('button', { name: 'In-depth' }).click();
    await page.getByRole('heading', { name: 'Simple Moving Average (SMA)' }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('guide-overview').waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
