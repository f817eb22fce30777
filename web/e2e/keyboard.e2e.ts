/**
 * The investor's journeys by keys alone (docs/product/common.md#keyboard), in Chromium against the app as `npm start`
 * runs it, on two real NSE bhavcopies (2 and 3 January 2019) uploaded through the staff endpoint. Only
 * page.keyboard moves and acts (Tab, Shift+Tab, Enter, the arrows, typing): no click, no fill. Choosing a file is the
 * operating system's dialog, so the tradebook's file is set on the file input; everything around it is keys. At each
 * step the focus (document.activeElement) is asserted, then what the step shows.
 * - Log in from the login screen; the dashboard's heading takes the focus.
 * - Stock Watch List from the sidebar: type a symbol in "Add a symbol", Enter adds it; the focus stays in the box.
 * - Holdings of a firm: Lots from the view switch (the focus stays on the switch), Add Holding: the dialog opens in
 *   Symbol, the arrows choose TCS from its list, Price and Quantity typed, Enter submits; the focus is back on Add
 *   Holding and the lot is in the table.
 * - Import tradebook: the dialog opens on its file, Preview, Confirm and Close each take the focus in turn, and the
 *   focus is back on the Import tradebook button; the imported lots are in the table.
 * Expected figures are read from the bhavcopies and worked in paise here (figures.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bhavcopyClose, rupees, toPaise } from './figures';
import { cellText, createFirm, DEMO, openPage, relevantErrors, startedAroundTests } from './harness';

const FILES = ['02JAN2019.csv', '03JAN2019.csv'];
const FIRM = 'Keys Securities';

/** What has the focus: its tag, accessible name as a reader would take it, test id and whether it is in a dialog. */
interface Focused {
  tag: string;
  name: string;
  testId: string | null;
  pressed: string | null;
  inDialog: boolean;
  inMain: boolean;
  /** The table row the focused control is in, by its place (AG Grid's row-index), and its symbol. */
  rowIndex: string | null;
  rowSymbol: string | null;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body)
      return {
        tag: 'BODY',
        name: '',
        testId: null,
        pressed: null,
        inDialog: false,
        inMain: false,
        rowIndex: null,
        rowSymbol: null,
      };
    const labelled = element.getAttribute('aria-label');
    const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
    // a Mantine label ends with its required asterisk
    const label = labels[0]?.textContent?.replace(/\s*\*$/, '').trim();
    return {
      tag: element.tagName,
      name: (labelled ?? label ?? element.textContent ?? '').trim(),
      testId: element.getAttribute('data-testid'),
      pressed: element.getAttribute('aria-pressed'),
      inDialog: element.closest('[role="dialog"]') !== null,
      inMain: document.getElementById('main-content')?.contains(element) ?? false,
      rowIndex: element.closest('[row-index]')?.getAttribute('row-index') ?? null,
      rowSymbol: rowSymbolOf(element),
    };
    function rowSymbolOf(control: Element): string | null {
      const index = control.closest('[row-index]')?.getAttribute('row-index');
      const grid = control.closest('[data-grid-root]');
      if (index === undefined || index === null || !grid) return null;
      return grid.querySelector(`.ag-row[row-index="${index}"] [col-id="symbol"]`)?.textContent?.trim() ?? null;
    }
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on what `wanted` accepts, as someone looking for a control would;
 * fails with the stops passed when it is not reached in `limit` presses.
 */
async function tabTo(
  page: Page,
  wanted: (focus: Focused) => boolean,
  options: { backwards?: boolean; limit?: number } = {},
): Promise<Focused> {
  const stops: string[] = [];
  for (let press = 0; press < (options.limit ?? 60); press++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    if (wanted(focus)) return focus;
    stops.push(`${focus.tag} "${focus.name.slice(0, 30)}"`);
  }
  throw new Error(`not reached by ${options.backwards ? 'Shift+Tab' : 'Tab'}; passed: ${stops.join(' → ')}`);
}

const named =
  (name: string | RegExp, tag = 'BUTTON') =>
  (focus: Focused) =>
    focus.tag === tag && (typeof name === 'string' ? focus.name === name : name.test(focus.name));

/** A Zerodha tradebook line (the import's own format, as portfolio.e2e.ts writes it). */
const tradeLine = (symbol: string, date: string, side: string, quantity: number, price: string, id: string) =>
  `${symbol},INE000000000,${date},NSE,EQ,EQ,${side},false,${quantity}.000000,${price},${id},9${id},${date}T10:00:00`;

describe('the investor by keys alone', () => {
  const journey = startedAroundTests({ bhavcopies: FILES }, async ({ app }) => {
    await createFirm(app, FIRM, 'Ballard Estate, Mumbai');
  });

  /** Logs the investor in from the login screen by keys; the dashboard's heading has the focus after. */
  async function logInByKeys(page: Page): Promise<void> {
    await page.goto(`${journey.app.baseUrl}/login`);
    await page.getByLabel('Username').waitFor();
    await tabTo(page, named('Username', 'INPUT'));
    await page.keyboard.type(DEMO.investor.username);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Password' });
    await page.keyboard.type(DEMO.investor.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByTestId('navbar-username').waitFor();
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
  }

  it('logs in, then adds a symbol to the watch list from its box; the focus stays in the box', async () => {
    const { page, errors, close } = await openPage(journey.browser, { width: 1366, height: 768 });
    await logInByKeys(page);

    // the sidebar comes before the page's content: back from the heading to its Stock Watch List link
    await tabTo(page, named('Stock Watch List', 'A'), { backwards: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${journey.app.baseUrl}/stock-watch-list`);
    await page.getByText('Your watch list is empty').waitFor();
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');

    await tabTo(page, named('Add a symbol', 'INPUT'));
    await page.keyboard.type('INFY');
    // the box's suggestions have arrived: Enter adds the symbol typed when it is one of them
    await page.getByRole('option', { name: 'INFY', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('INFY added to your watch list').waitFor();
    const row = page.getByTestId('watchlist').locator('.ag-row', { hasText: 'INFY' }).first();
    await row.waitFor();
    // INFY closed at 669.15 on 3 January, the latest day uploaded
    expect(await cellText(row.locator('[col-id="closePrice"]'))).toContain(
      rupees(toPaise(bhavcopyClose('03JAN2019.csv', 'INFY'))),
    );
    // the focus stayed in the emptied box (it fell to the page's body when the box was disabled while adding) …
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Add a symbol', inMain: true });
    expect(await page.getByPlaceholder('Add a symbol…').inputValue()).toBe('');
    // … so the next Tab goes on in the page, not back to the skip link
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('adds a holding and imports a tradebook from the Lots view, the focus back on the button that opened each dialog', async () => {
    const { page, errors, close } = await openPage(journey.browser, { width: 1366, height: 768 });
    await logInByKeys(page);
    // the segment's own address (a bookmark): it opens on the positions
    await page.goto(`${journey.app.baseUrl}/holdings/${encodeURIComponent(FIRM)}/Equity`);
    await page.getByRole('heading', { name: `${FIRM} Equity Holdings` }).waitFor();
    await page
      .getByText("No holdings here yet. Add one with Add Holding, or import your broker's tradebook.")
      .waitFor();

    // Lots, from the view switch: the focus stays on the switch, now on Lots, pressed
    await tabTo(page, (focus) => named('Lots')(focus) && focus.pressed === 'false');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === '?view=lots');
    await page.getByTestId('holdings-grid').waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Lots', pressed: 'true' });

    // Add Holding comes before the switch, beside the table's title
    await tabTo(page, named('Add Holding'), { backwards: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Holding' });
    await dialog.waitFor();
    // the dialog opens in its first field
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Symbol', inDialog: true });
    await page.keyboard.type('TCS');
    const tcsOption = dialog.getByRole('option', { name: /^TCS\b/ });
    await tcsOption.waitFor();
    // ArrowDown enters the list; the arrows go on until TCS (other symbols may start with the letters typed)
    const options = await dialog.getByRole('option').count();
    for (let press = 0; press < options; press++) {
      await page.keyboard.press('ArrowDown');
      if (/^TCS\b/.test((await focused(page)).name)) break;
    }
    expect((await focused(page)).name).toMatch(/^TCS\b/);
    await page.keyboard.press('Enter');
    // picked: the list is gone and the focus is back in Symbol, with TCS and its latest close (3 January)
    const tcsClose = bhavcopyClose('03JAN2019.csv', 'TCS');
    await dialog.getByTestId('symbol-dropdown').waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Symbol', inDialog: true });
    expect(await dialog.getByLabel('Symbol').inputValue()).toBe('TCS');
    expect(await dialog.getByLabel('Current Price').inputValue()).toBe(tcsClose);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Current Price' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Price' });
    await page.keyboard.type('1800');
    await tabTo(page, named('Quantity', 'INPUT'), { limit: 3 });
    await page.keyboard.type('10');
    // Enter in a field submits the form (the creation date is today, the exchange NSE)
    await page.keyboard.press('Enter');
    await page.getByText('Holding added successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Mantine's Modal gives the focus back to the button that opened it
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Add Holding', inDialog: false });
    const symbolRows = (symbol: string) =>
      page
        .getByTestId('holdings-grid')
        .locator('.ag-row')
        .filter({ has: page.locator('[col-id="symbol"]').getByText(symbol, { exact: true }) });
    await symbolRows('TCS').waitFor();
    // (1899.95 − 1800) × 10 = 999.50, no charges at this firm
    expect(await cellText(symbolRows('TCS').locator('[col-id="net"]'))).toBe(rupees((toPaise(tcsClose) - 180000) * 10));

    // the tradebook: 10 INFY and 7 SBIN bought on 2 January at their closes, 4 INFY sold on 3 January
    const tradebook = [
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
      tradeLine('INFY', '2019-01-02', 'buy', 10, bhavcopyClose('02JAN2019.csv', 'INFY'), '71001'),
      tradeLine('SBIN', '2019-01-02', 'buy', 7, bhavcopyClose('02JAN2019.csv', 'SBIN'), '71002'),
      tradeLine('INFY', '2019-01-03', 'sell', 4, bhavcopyClose('03JAN2019.csv', 'INFY'), '71003'),
    ].join('\n');
    await tabTo(page, (focus) => focus.testId === 'import-tradebook-button');
    await page.keyboard.press('Enter');
    const importing = page.getByRole('dialog', { name: 'Import tradebook' });
    await importing.waitFor();
    // the dialog opens on its file (not on its close button)
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'import-file', inDialog: true });
    // choosing the file is the operating system's dialog: the file is set on the input
    await importing
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(tradebook) });
    await importing.getByText('tradebook.csv').waitFor();
    // the firm and segment are the page's already: on to Preview
    await tabTo(page, (focus) => focus.testId === 'import-preview', { limit: 8 });
    await page.keyboard.press('Enter');
    await importing.getByTestId('import-symbols').waitFor();
    expect(await importing.getByTestId('import-counts').textContent()).toContain(
      '2 buys · 1 sell · 0 already imported',
    );
    // the preview's way forward has the focus (Preview left with its step)
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'import-confirm', inDialog: true });
    await page.keyboard.press('Enter');
    await importing.getByTestId('import-done').waitFor();
    expect(await importing.getByTestId('import-done').textContent()).toContain('Imported 2 buys and 1 sell');
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'import-close', inDialog: true });
    await page.keyboard.press('Enter');
    await importing.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'import-tradebook-button', inDialog: false });
    // INFY: 4 sold and 6 open (the lot split), SBIN: 7 open, beside the TCS lot
    await symbolRows('SBIN').waitFor();
    expect(await symbolRows('INFY').count()).toBe(2);
    expect(await cellText(symbolRows('SBIN').locator('[col-id="quantity"]'))).toBe('7');

    // delete a lot from the middle of the table: the focus goes to the Delete of the lot that takes its place
    const order = () =>
      page.getByTestId('holdings-grid').evaluate((grid) =>
        [...grid.querySelectorAll('.ag-row[row-index]')]
          .filter((row) => row.querySelector('[col-id="symbol"]'))
          .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
          .map((row) => row.querySelector('[col-id="symbol"]')?.textContent?.trim() ?? ''),
      );
    const before = await order();
    expect(before).toHaveLength(4);
    const deleteByKeys = async (rowIndex: number, count: number) => {
      const deleteOf = (focus: Focused) =>
        named('Delete')(focus) && !focus.inDialog && focus.rowIndex === `${rowIndex}`;
      await page.getByTestId('holdings-grid').locator('.ag-row').first().waitFor();
      await tabTo(page, deleteOf, { limit: 80 });
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete holding' });
      await confirm.waitFor();
      await tabTo(page, (focus) => named('Delete')(focus) && focus.inDialog, { limit: 6 });
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(async () => (await order()).length).toBe(count);
    };
    // the second lot: the third takes its place (second now) and its Delete the focus
    await deleteByKeys(1, 3);
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'BUTTON', name: 'Delete', inDialog: false, rowIndex: '1', rowSymbol: before[2] });
    // then the last lot (the fourth, third now): the one before it, now last, has the focus
    await deleteByKeys(2, 2);
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'BUTTON', name: 'Delete', inDialog: false, rowIndex: '1', rowSymbol: before[2] });
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
