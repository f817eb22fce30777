/**
 * A failing /graphql in Chromium (issue 33, "errors without a way back"): with every GraphQL call answered 502 "Bad
 * Gateway" (a proxy in front of a stopped BFF), the dashboard, Accounts and Stock Prices each show the shared error
 * state (web/src/components/retry-alert.tsx): a message in words instead of Apollo's "Response not successful:
 * Received status code 502", a Retry button, and the status folded under "Details for support". Once /graphql
 * answers again, Retry brings the page's content without a reload. The demo investor has no holdings here (no demo
 * data), and one real bhavcopy gives Stock Prices rows.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO, loginThroughUi, openPage, relevantErrors, startedAroundTests } from './harness';

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
const GRAPHQL = '**/graphql';

/** Makes every GraphQL call fail as a proxy does when the BFF behind it is down. */
async function failGraphql(page: Page): Promise<void> {
  await page.route(GRAPHQL, (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
}

/** The error state in words, with Retry and the status for support; Apollo's own text only in the folded details. */
async function expectErrorState(alert: Locator): Promise<void> {
  await alert.waitFor();
  await alert.getByText(UNREACHABLE).waitFor();
  expect(await alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
  // innerText is what is drawn: a closed <details> draws only its summary
  const drawn = await alert.innerText();
  expect(drawn).toContain('Details for support');
  expect(drawn).not.toContain('Response not successful');
  expect(drawn).not.toContain('502');
  const details = alert.getByTestId('error-details');
  await details.getByText('Details for support').click();
  await details.getByText('502', { exact: true }).waitFor();
  expect(await details.innerText()).toContain('Response not successful: Received status code 502');
}

describe('a failing /graphql: the error in words, and Retry brings the page back', () => {
  const journey = startedAroundTests({ bhavcopies: ['02JAN2019.csv'] });

  it('dashboard, Accounts and Stock Prices each say what went wrong, offer Retry, and recover on it', async () => {
    const { page, errors, close } = await openPage(journey.browser);
    const base = journey.app.baseUrl;
    await loginThroughUi(page, base, DEMO.investor);

    const screens: { path: string; errorTestId: string; content: (page: Page) => Locator }[] = [
      {
        path: '/',
        errorTestId: 'dashboard-error',
        // the demo investor holds nothing yet: the dashboard's welcome is its content
        content: (shown) => shown.getByTestId('dashboard-welcome'),
      },
      {
        path: '/accounts',
        errorTestId: 'accounts-error',
        // the totals of all accounts are drawn whatever firms there are
        content: (shown) => shown.getByTestId('portfolio-totals'),
      },
      {
        path: '/stock-price',
        errorTestId: 'stock-prices-error',
        content: (shown) => shown.getByTestId('stock-prices').locator('.ag-row').first(),
      },
    ];

    for (const screen of screens) {
      await failGraphql(page);
      await page.goto(`${base}${screen.path}`);
      const alert = page.getByTestId(screen.errorTestId);
      await expectErrorState(alert);
      expect(await screen.content(page).count(), `${screen.path}: no content while /graphql fails`).toBe(0);

      // the server answers again: Retry asks once more, without a reload
      await page.unroute(GRAPHQL);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await screen.content(page).waitFor();
      await alert.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname, `${screen.path}: Retry stays on the page`).toBe(screen.path);
    }

    await close();
    // the 502s themselves are logged by Chromium as failed resources (relevantErrors leaves them out)
    expect(relevantErrors(errors)).toEqual([]);
  });
});
