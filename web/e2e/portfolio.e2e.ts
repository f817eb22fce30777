/**
 * Portfolio journeys in Chromium against the app as `npm start` runs it. Prices come from two real
 * NSE bhavcopies (2 and 3 January 2019) uploaded through the staff upload endpoint; expected values
 * are read from those files and worked by hand in the comments.
 * - Staff add a brokerage firm (Brokers screen).
 * - An investor opens it from Brokerage Accounts and Investment, adds a TCS holding through the
 *   symbol dropdown (the current price fills in), sells half, and sees the realized row and the
 *   net P&L.
 * - Staff add a brokerage charge for that firm (Charges screen); the investor's net P&L changes.
 * - The investor's screens fit a phone (390 px) without sideways scrolling.
 * - Administrators add a financial instrument type ('Type is required!'); staff cannot open the page.
 * - An investor imports a tradebook from the holdings page: a file with a problem is previewed
 *   with its line and cannot be confirmed; a Zerodha tradebook of real closes is previewed (counts
 *   per symbol), confirmed, and its holdings appear; importing it again changes nothing; deleting one
 *   of its rows asks first, then the row goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cellText, closeAll, DEMO } from './harness';
import { bhavcopyClose, rupees, toPaise } from './figures';
import { loginThroughUi, openPage, relevantErrors, startAppAndBrowser, type RunningApp } from './harness';

const FILES = ['02JAN2019.csv', '03JAN2019.csv'];
const FIRM = 'E2E Securities';

/** How the table shows a status: the old app's text helper's words, not the code. */
const STATUS_WORDS = { REALIZED: 'Realized', UNREALIZED: 'Unrealized' } as const;

/** The holdings row whose status is exactly this one ("Unrealized" contains "realized"). */
function holdingRow(page: Page, status: 'REALIZED' | 'UNREALIZED') {
  return page
    .getByTestId('holdings-grid')
    .locator('.ag-row')
    .filter({ has: page.locator('[col-id="status"]').getByText(STATUS_WORDS[status], { exact: true }) });
}

/** The text of one cell of the holdings row with this status. */
async function cell(page: Page, status: 'REALIZED' | 'UNREALIZED', column: string): Promise<string> {
  return cellText(holdingRow(page, status).locator(`[col-id="${column}"]`));
}

async function openHoldings(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/accounts`);
  await page.getByTestId('accounts-title').waitFor();
  await page.getByRole('link', { name: FIRM }).click();
  await page.getByRole('heading', { name: `${FIRM} Investments` }).waitFor();
  await page.getByRole('button', { name: 'Equity' }).click();
  await page.getByRole('heading', { name: `${FIRM} Equity Holdings` }).waitFor();
  // the page opens on positions; the lots (with Sell, Edit and Delete) are the other view
  await page.getByTestId('holdings-view').getByRole('button', { name: 'Lots', exact: true }).click();
  await page.getByTestId('holdings-grid').waitFor();
}

describe('portfolio in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  // TCS closed at 1899.95 on 2019-01-03 (the latest uploaded day): the current price
  const tcsClose = bhavcopyClose('03JAN2019.csv', 'TCS');

  beforeAll(async () => ({ app, browser } = await startAppAndBrowser({ bhavcopies: FILES })));
  afterAll(() => closeAll(browser, app));

  it('staff add a brokerage firm', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.staff);
    await page.goto(`${app.baseUrl}/app-broker`);
    await page.getByTestId('brokers').getByRole('heading', { name: 'Brokers' }).waitFor();
    await page.getByRole('button', { name: 'Add Broker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new Broker' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Name').fill(FIRM);
    await dialog.getByLabel('Address').fill('Nariman Point, Mumbai');
    await dialog.getByLabel('Contact Number').fill('12345');
    await dialog.getByLabel('Contact Number').blur();
    await dialog.getByText('Enter a valid Contact Number').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Contact Number').fill('9820012345');
    await save.click();
    await page.getByText('Broker added successfully!').waitFor();
    await page.getByTestId('brokers').locator('.ag-row', { hasText: FIRM }).waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('an investor adds a holding from the symbol dropdown, sells half and sees the realized row', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await openHoldings(page, app.baseUrl);

    await page.getByRole('button', { name: 'Add Holding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Holding' });
    const submit = dialog.getByRole('button', { name: 'Add Holding' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByText('Creation Date').waitFor();
    // the dropdown is hidden while the input is empty, lists matching priced symbols, and closes on a pick
    expect(await dialog.getByTestId('symbol-dropdown').count()).toBe(0);
    await dialog.getByLabel('Symbol').fill('TC');
    await dialog.getByRole('option', { name: /^TCS\b/ }).click();
    expect(await dialog.getByTestId('symbol-dropdown').count()).toBe(0);
    expect(await dialog.getByLabel('Symbol').inputValue()).toBe('TCS');
    expect(await dialog.getByLabel('Current Price').inputValue()).toBe(tcsClose);
    await dialog.getByLabel(/^Price/).fill('1800');
    await dialog.getByLabel('Quantity').fill('10');
    expect(await dialog.getByLabel('Instrument Type').inputValue()).toBe('Equity');
    await submit.click();
    await page.getByText('Holding added successfully!').waitFor();
    // open: (1899.95 − 1800) × 10 = 999.50, no charges at this firm yet
    const openNet = (toPaise(tcsClose) - 180000) * 10;
    await holdingRow(page, 'UNREALIZED').waitFor();
    expect(await cell(page, 'UNREALIZED', 'net')).toBe(rupees(openNet));

    // sell 5 of the 10 at 1900
    await holdingRow(page, 'UNREALIZED').getByRole('button', { name: 'Sell' }).click();
    const sell = page.getByRole('dialog', { name: 'Sell TCS' });
    await sell.getByText('Buying Date').waitFor();
    expect(await sell.getByText('Creation Date').count()).toBe(0);
    expect(await sell.getByLabel('Exchange').isDisabled()).toBe(true);
    expect(await sell.getByLabel(/^Price/).getAttribute('readonly')).not.toBeNull();
    expect(await sell.getByLabel('Selling Date').inputValue()).toBe(await sell.getByLabel('Buying Date').inputValue());
    // no dropdown in sell mode
    expect(await sell.getByTestId('symbol-dropdown').count()).toBe(0);
    const sellButton = sell.getByRole('button', { name: 'Sell' });
    // the sale starts at the latest close; the read-only fields look read-only (filled)
    expect(await sell.getByLabel('Sell Price').inputValue()).toBe(tcsClose);
    expect(await sell.getByLabel(/^Price/).getAttribute('data-variant')).toBe('filled');
    await sell.getByLabel('Quantity to sell').fill('5');
    await sell.getByLabel('Sell Price').fill('1900');
    await sellButton.click();
    await page.getByText('Holding Updated Successfully!').waitFor();
    await holdingRow(page, 'REALIZED').waitFor();

    // realized 5: (1900 − 1800) × 5 = 500.00; the open 5: (1899.95 − 1800) × 5 = 499.75
    expect(await cell(page, 'REALIZED', 'quantity')).toBe('5');
    expect(await cell(page, 'REALIZED', 'net')).toBe(rupees(50000));
    expect(await cell(page, 'UNREALIZED', 'quantity')).toBe('5');
    expect(await cell(page, 'UNREALIZED', 'net')).toBe(rupees((toPaise(tcsClose) - 180000) * 5));
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it("changes the investor's net P&L when staff add a charge", async () => {
    const staff = await openPage(browser, { width: 1600 });
    await loginThroughUi(staff.page, app.baseUrl, DEMO.staff);
    await staff.page.goto(`${app.baseUrl}/charges`);
    await staff.page.getByTestId('charges').getByRole('heading', { name: 'Charges' }).waitFor();
    await staff.page.getByRole('button', { name: 'Add Charge' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Add new Charge' });
    const save = dialog.getByRole('button', { name: 'Save' });
    const choose = async (label: string, option: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await staff.page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Brokerage Firm', FIRM);
    await choose('Segment', 'Equity');
    await choose('Charge Type', 'Brokerage');
    await dialog.getByLabel('Amount').fill('20');
    await dialog.getByLabel('Percentage').fill('0');
    expect(await save.isDisabled()).toBe(true);
    await choose('On Buy/Sell', 'Both');
    // the effective date defaults to today, the day of the holding's buy and sale
    await save.click();
    await staff.page.getByText('Charge added successfully!').waitFor();
    await staff.page.getByTestId('charges').locator('.ag-row', { hasText: FIRM }).waitFor();
    expect(relevantErrors(staff.errors)).toEqual([]);
    await staff.close();

    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await openHoldings(page, app.baseUrl);
    await holdingRow(page, 'REALIZED').waitFor();
    // ₹20 per order, both sides. The realized 5 bear half of the 10-share buy order's ₹20 (10) and
    // their own sale's 20: charges 30, net 500 − 30 = 470. The open 5: 10 + 20 (if sold today) = 30.
    expect(await cell(page, 'REALIZED', 'charges')).toBe(rupees(3000));
    expect(await cell(page, 'REALIZED', 'net')).toBe(rupees(47000));
    expect(await cell(page, 'UNREALIZED', 'net')).toBe(rupees((toPaise(tcsClose) - 180000) * 5 - 3000));
    // the breakdown per charge type on hover
    await holdingRow(page, 'REALIZED').getByTestId('charges-cell').hover();
    const breakdown = page.getByTestId('charges-breakdown');
    await breakdown.waitFor();
    expect(await breakdown.textContent()).toContain('Brokerage');
    expect(await breakdown.textContent()).toContain('₹10.00');
    expect(await breakdown.textContent()).toContain('₹20.00');
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
  it('opens holdings by address as positions, the lots behind each and the sold ones apart, across firms too', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1366, height: 768 });
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    const segmentAddress = `/holdings/${encodeURIComponent(FIRM)}/Equity`;
    // the segment's own address, opened directly (a bookmark): one position, TCS, of the 5 shares still held
    await page.goto(`${app.baseUrl}${segmentAddress}`);
    await page.getByRole('heading', { name: `${FIRM} Equity Holdings` }).waitFor();
    const positions = page.getByTestId('positions-grid');
    const tcs = positions.locator('.ag-row').filter({ hasText: 'TCS' });
    await tcs.waitFor();
    expect(await positions.locator('.ag-row').count()).toBe(1);
    expect(await cellText(tcs.locator('[col-id="quantity"]'))).toBe('5');
    expect(await cellText(tcs.locator('[col-id="averagePrice"]'))).toBe(rupees(180000));
    expect(await cellText(tcs.locator('[col-id="lastPrice"]'))).toBe(rupees(toPaise(tcsClose)));
    // open 5: (1899.95 − 1800) × 5 − ₹30 of charges (₹10 of the buy order, ₹20 if sold today)
    expect(await cellText(tcs.locator('[col-id="net"]'))).toBe(rupees((toPaise(tcsClose) - 180000) * 5 - 3000));
    // the sold 5 apart, with their sell price and date and the realized P&L: 500 − 30
    const closed = page.getByTestId('closed-grid').locator('.ag-row').filter({ hasText: 'TCS' });
    await closed.waitFor();
    expect(await cellText(closed.locator('[col-id="sellPrice"]'))).toBe(rupees(190000));
    expect(await cellText(closed.locator('[col-id="net"]'))).toBe(rupees(47000));
    expect(await cellText(closed.locator('[col-id="sellingDate"]'))).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);

    // the lots behind the position, one click away and in the address
    await tcs.getByRole('button', { name: /lots? of TCS/ }).click();
    await page.getByTestId('lots-of').waitFor();
    expect(new URL(page.url()).search).toBe('?view=lots&symbol=TCS');
    await holdingRow(page, 'REALIZED').waitFor();
    // Net P&L includes the dividends and the charges: their columns show at a laptop's width beside it
    const headers = await page.getByTestId('holdings-grid').locator('.ag-header-cell-text').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Charges', 'Dividends', 'Net P&L']));
    // and how Net P&L adds up, on hover
    expect(await holdingRow(page, 'REALIZED').getByTestId('net-cell').getAttribute('title')).toBe(
      `Gross ${rupees(50000)} + dividends ${rupees(0)} − charges ${rupees(3000)} = ${rupees(47000)}`,
    );

    // every holding of the investor, the lots' rows naming their firm and linking to that segment's table
    await page.goto(`${app.baseUrl}/holdings?view=lots`);
    await page.getByRole('heading', { name: 'All Holdings' }).waitFor();
    const grid = page.getByTestId('holdings-grid');
    await grid.locator('.ag-row').first().waitFor();
    expect(await grid.locator('.ag-row').count()).toBe(2);
    await grid.getByRole('link', { name: FIRM }).first().click();
    await page.getByRole('heading', { name: `${FIRM} Equity Holdings` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(segmentAddress);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('fits a phone screen: accounts, investments and holdings without sideways scrolling', async () => {
    const { page, errors, close } = await openPage(browser);
    // log in at desktop width (the harness waits for the navbar's username, hidden on phones), then turn into a phone
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${app.baseUrl}/accounts`);
    await page.getByTestId('accounts-title').waitFor();
    await page.getByRole('link', { name: FIRM }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: FIRM }).click();
    await page.getByRole('heading', { name: `${FIRM} Investments` }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Equity' }).click();
    await page.getByRole('heading', { name: `${FIRM} Equity Holdings` }).waitFor();
    // on a phone the positions are cards too, inside the screen
    await page.getByTestId('positions-grid').getByTestId('data-grid-card').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByTestId('holdings-view').getByRole('button', { name: 'Lots', exact: true }).click();
    // the lots are cards with status and net P&L among the key figures, inside the screen
    const card = page
      .getByTestId('data-grid-card')
      .filter({ has: page.locator('[data-field="status"]').getByText(STATUS_WORDS.REALIZED, { exact: true }) });
    await card.waitFor();
    const net = card.locator('[data-field="net"]');
    expect(await net.textContent()).toBe(rupees(47000));
    const netBox = await net.boundingBox();
    expect(netBox!.x + netBox!.width).toBeLessThanOrEqual(390);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/holdings-phone.png`, fullPage: true });
    // nothing scrolls sideways
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Add Holding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Holding' });
    await dialog.getByLabel('Symbol').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('administrators keep the financial instrument types; staff cannot open them', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.admin);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Financial Instrument' }).click();
    await page.waitForURL(`${app.baseUrl}/financial`);
    const grid = page.getByTestId('financial-instruments');
    await grid.getByRole('heading', { name: 'Financial Instruments' }).waitFor();
    await page.getByRole('button', { name: 'Add Financial Instrument' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new Financial Instrument' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Type').fill('x');
    await dialog.getByLabel('Type').fill('');
    await dialog.getByLabel('Type').blur();
    await dialog.getByText('Type is required!').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Type').fill('Sovereign Gold Bond');
    await dialog.getByLabel('Description').fill('Government gold bonds traded on the exchange');
    await save.click();
    await page.getByText('Financial instrument added successfully!').waitFor();
    await grid.locator('.ag-row', { hasText: 'Sovereign Gold Bond' }).waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();

    const staff = await openPage(browser);
    await loginThroughUi(staff.page, app.baseUrl, DEMO.staff);
    expect(await staff.page.getByTestId('sidebar').getByRole('link', { name: 'Financial Instrument' }).count()).toBe(0);
    await staff.page.goto(`${app.baseUrl}/financial`);
    await staff.page.waitForURL(`${app.baseUrl}/login`);
    await staff.close();
  });

  it('an investor imports a tradebook: preview with counts and problems, confirm, holdings appear, re-import changes nothing, a delete asks first', async () => {
    const { page, errors, close } = await openPage(browser, { width: 1600 });
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await openHoldings(page, app.baseUrl);
    const infy2 = bhavcopyClose('02JAN2019.csv', 'INFY');
    const infy3 = bhavcopyClose('03JAN2019.csv', 'INFY');
    const sbin2 = bhavcopyClose('02JAN2019.csv', 'SBIN');
    const header =
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
    const row = (symbol: string, date: string, side: string, quantity: number, price: string, id: string) =>
      `${symbol},INE000000000,${date},NSE,EQ,EQ,${side},false,${quantity}.000000,${price},${id},9${id},${date}T10:00:00`;
    const good = [
      header,
      row('INFY', '2019-01-02', 'buy', 10, infy2, '70001'),
      row('SBIN', '2019-01-02', 'buy', 7, sbin2, '70002'),
      row('INFY', '2019-01-03', 'sell', 4, infy3, '70003'),
    ].join('\n');
    // selling 20 when 10 were bought: refused on its line
    const bad = [
      header,
      row('INFY', '2019-01-02', 'buy', 10, infy2, '80001'),
      row('INFY', '2019-01-03', 'sell', 20, infy3, '80002'),
    ].join('\n');
    const dialog = page.getByRole('dialog', { name: 'Import tradebook' });
    const choose = async (name: string, content: string) => {
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
      await dialog.getByTestId('import-preview').click();
    };
    const symbolRows = (symbol: string) =>
      page
        .getByTestId('holdings-grid')
        .locator('.ag-row')
        .filter({ has: page.locator('[col-id="symbol"]').getByText(symbol, { exact: true }) });

    await page.getByTestId('import-tradebook-button').click();
    await dialog.waitFor();
    await choose('bad.csv', bad);
    await dialog.getByTestId('import-problems').waitFor();
    expect(await dialog.getByTestId('import-problems').textContent()).toContain(
      'Sell of 20 INFY on 2019-01-03: only 10 shares are held then at this firm and segment',
    );
    expect(await dialog.getByTestId('import-problems').locator('tbody td').first().textContent()).toBe('3');
    expect(await dialog.getByTestId('import-confirm').isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Back' }).click();
    await choose('tradebook.csv', good);
    await dialog.getByTestId('import-symbols').waitFor();
    expect(await dialog.getByTestId('import-counts').textContent()).toContain('2 buys · 1 sell · 0 already imported');
    const infyCounts = dialog.getByTestId('import-symbols').locator('tr', { hasText: 'INFY' }).locator('td');
    expect(await infyCounts.allTextContents()).toEqual(['INFY', '1', '1', '10', '4']);
    expect(await dialog.getByTestId('import-problems').count()).toBe(0);
    // the holdings it will make: INFY 4 sold and 6 open (the lot split), SBIN 7 open, beside the TCS rows
    const preview = dialog.getByTestId('import-holdings');
    expect(await preview.locator('tr', { hasText: 'INFY' }).count()).toBe(2);
    await dialog.getByTestId('import-confirm').click();
    await dialog.getByTestId('import-done').waitFor();
    expect(await dialog.getByTestId('import-done').textContent()).toContain('Imported 2 buys and 1 sell');
    await dialog.getByTestId('import-close').click();
    await symbolRows('SBIN').waitFor();
    expect(await symbolRows('INFY').count()).toBe(2);
    const gridRows = await page.getByTestId('holdings-grid').locator('[col-id="symbol"].ag-cell').count();

    // the same file again: everything skipped, nothing to confirm, the table unchanged
    await page.getByTestId('import-tradebook-button').click();
    await choose('tradebook.csv', good);
    await dialog.getByTestId('import-nothing').waitFor();
    expect(await dialog.getByTestId('import-counts').textContent()).toContain('0 buys · 0 sells · 3 already imported');
    expect(await dialog.getByTestId('import-confirm').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await symbolRows('SBIN').waitFor();
    expect(await page.getByTestId('holdings-grid').locator('[col-id="symbol"].ag-cell').count()).toBe(gridRows);

    // a delete asks first (the row's quantity and symbol), then the row goes
    await symbolRows('SBIN').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete holding' });
    expect(await confirm.textContent()).toContain('Delete the holding of 7 SBIN bought on');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await symbolRows('SBIN').waitFor({ state: 'detached' });
    expect(await page.getByTestId('holdings-grid').locator('[col-id="symbol"].ag-cell').count()).toBe(gridRows - 1);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
