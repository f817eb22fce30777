/**
 * The investor's day in Chromium against the app as `npm start` runs it, on two real NSE bhavcopies
 * (2 and 3 January 2019) uploaded through the staff endpoint; expected figures are read from the files
 * and worked in paise here, apart from the app's code.
 * - An investor without holdings gets the welcome; with a TCS holding the dashboard shows its figures.
 * - Staff get the market snapshot.
 * - The Stock Watch List: add INFY from the page's symbol search, see its row, remove it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiToken, cellText, closeAll, DEMO } from './harness';
import { bhavcopyClose, rupees, toPaise } from './figures';
import { loginThroughUi, openPage, relevantErrors, startAppAndBrowser, type RunningApp } from './harness';

const FILES = ['02JAN2019.csv', '03JAN2019.csv'];

describe('dashboard and watch list in the browser', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => ({ app, browser } = await startAppAndBrowser({ bhavcopies: FILES })));
  afterAll(() => closeAll(browser, app));

  /** A 1366×768 page logged in as `account` (its waits as long as a busy machine needs: openPage). */
  async function loggedIn(account: { username: string; password: string }) {
    const opened = await openPage(browser, { width: 1366, height: 768 });
    await loginThroughUi(opened.page, app.baseUrl, account);
    return opened;
  }

  it('welcomes an investor without holdings, then shows the figures of a holding', async () => {
    const { page, errors, close } = await loggedIn(DEMO.investor);
    await page.getByTestId('dashboard-welcome').waitFor();
    expect(await page.getByRole('link', { name: 'Import a tradebook' }).count()).toBe(1);

    // 10 TCS bought at the close of 2 January; valued at the close of 3 January
    const investor = await apiToken(app, DEMO.investor);
    const firms = (await (
      await fetch(`${app.apiUrl}/api/user/brokerage-firms`, { headers: { authorization: `Bearer ${investor}` } })
    ).json()) as Array<{ id: number; name: string }>;
    const zerodha = firms.find((firm) => firm.name === 'Zerodha');
    const bought = toPaise(bhavcopyClose('02JAN2019.csv', 'TCS'));
    const now = toPaise(bhavcopyClose('03JAN2019.csv', 'TCS'));
    const added = await fetch(`${app.apiUrl}/api/user/holding`, {
      method: 'POST',
      headers: { authorization: `Bearer ${investor}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol: 'TCS',
        price: (bought / 100).toFixed(2),
        quantity: 10,
        exchange: 'NSE',
        creationDate: '2019-01-02',
        brokerageFirm: zerodha,
        instrumentType: 'Equity',
      }),
    });
    expect(added.status).toBe(201);

    await page.reload();
    // each figure as soon as it is drawn (the dashboard's parts may arrive apart)
    await expect.poll(() => page.getByTestId('dashboard-current-value').textContent()).toContain(rupees(10 * now));
    await expect.poll(() => page.getByTestId('dashboard-invested').textContent()).toContain(rupees(10 * bought));
    // the day: 10 × (1899.95 − 1923.30) = −233.50
    await expect
      .poll(() => page.getByTestId('dashboard-day-change').textContent())
      .toContain(rupees(10 * (now - bought)));
    await expect.poll(() => page.getByTestId('dashboard-price-date').textContent()).toContain('03-Jan-2019');
    await expect.poll(() => page.getByTestId('dashboard-losers').textContent()).toContain('TCS');
    // the segment's move of the day, its date shown as every date on screen
    await expect
      .poll(() => page.getByTestId('dashboard-alerts').textContent())
      .toContain(`Your Equity holdings lost ${rupees(10 * (bought - now))}`);
    await expect.poll(() => page.getByTestId('dashboard-alerts').textContent()).toContain('on 03-Jan-2019.');
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('shows staff the market snapshot', async () => {
    const { page, errors, close } = await loggedIn(DEMO.staff);
    await expect.poll(() => page.getByTestId('snapshot-day').textContent()).toContain('03-Jan-2019');
    await expect.poll(() => page.getByTestId('snapshot-uploads').textContent()).toContain('03JAN2019.csv');
    await page.getByTestId('dashboard-shortcuts').waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('adds a symbol from the watch list page, lists it, removes it', async () => {
    const { page, errors, close } = await loggedIn(DEMO.investor);
    await page.getByRole('link', { name: 'Stock Watch List' }).first().click();
    // the first table of a session loads the grid's chunk (the wait is for the state, as long as a busy machine needs)
    await page.getByText('Your watch list is empty').waitFor();
    await page.getByPlaceholder('Add a symbol…').fill('INFY');
    await page.getByRole('option', { name: 'INFY', exact: true }).click();
    await page.getByText('INFY added to your watch list').waitFor();
    const row = page.getByTestId('watchlist').locator('.ag-row', { hasText: 'INFY' }).first();
    await row.waitFor();
    // INFY closed at 669.15 on 3 January
    expect(await cellText(row.locator('[col-id="closePrice"]'))).toContain(
      rupees(toPaise(bhavcopyClose('03JAN2019.csv', 'INFY'))),
    );
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('INFY removed from your watch list').waitFor();
    await page.getByText('Your watch list is empty').waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
