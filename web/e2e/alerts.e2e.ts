/**
 * Alerts through the whole stack (docs/product/alerts.md), in Chromium against the app as `npm start` runs it, on
 * real NSE bhavcopies of 2 and 3 January 2019 uploaded by staff:
 * - the investor turns the default "new 52-week high or low" off in Alert settings (so the one alert expected is
 *   the rule set here: with three days loaded every symbol is at a high or low of the days loaded), adds a symbol to
 *   the watch list and, from that row's bell and with the keyboard, sets "close crosses above" a price between the
 *   symbol's closes of 3 and 4 January, worked out here from the files (in paise, apart from the app's code);
 * - staff upload 4 January's bhavcopy; the alert job runs after the upload has answered, so the test waits for the
 *   state: the bell, asked again when the window gets the focus back, says "Notifications, 1 unread";
 * - the bell's panel and the Notifications page show the alert under 04-Jan-2019, its symbol linking to the company;
 *   "Mark read" empties the bell's count; the pages pass axe (no serious or critical violation);
 * - the administrator's mail outbox holds the ALERT_DIGEST for the investor ('Bazaar Insight alerts for
 *   04-Jan-2019: 1 alert'), and its unsubscribe link, opened logged out, turns the e-mails off.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { bhavcopyClose, hundredths, rupees, toPaise } from './figures';
import {
  apiToken,
  DEMO,
  loginThroughUi,
  relevantErrors,
  setupCall,
  startedAroundTests,
  uploadBhavcopies,
  withPage,
} from './harness';

const FILES = ['02JAN2019.csv', '03JAN2019.csv'];
const NEXT_DAY = '04JAN2019.csv';
/** Large companies in every file of January 2019: the first whose close rose on 4 January is the one watched. */
const CANDIDATES = ['RELIANCE', 'HDFCBANK', 'ITC', 'SBIN', 'LT', 'INFY', 'TCS'];

/** The symbol, its closes of 3 and 4 January (paise) and a threshold strictly between them (paise, floor of the middle). */
function risingSymbol(): { symbol: string; before: number; after: number; threshold: number } {
  for (const symbol of CANDIDATES) {
    const before = toPaise(bhavcopyClose('03JAN2019.csv', symbol));
    const after = toPaise(bhavcopyClose(NEXT_DAY, symbol));
    // RELIANCE: 1092.75 → 1098.65, threshold 1095.70 (109275 + 109865 = 219140, / 2 = 109570)
    if (after - before >= 2) return { symbol, before, after, threshold: Math.floor((before + after) / 2) };
  }
  throw new Error(`none of ${CANDIDATES.join(', ')} closed higher on 4 January`);
}

interface OutboxMail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
}

describe('a price alert from the watch list, fired by the next day’s upload', () => {
  const journey = startedAroundTests({ bhavcopies: FILES });
  const rising = risingSymbol();
  const threshold = hundredths(rising.threshold).replace(/,/g, '');
  /** The alert's message after its symbol, as the app writes it (docs/product/alerts.md#notifications). */
  const expected =
    `closed at ${rupees(rising.after)} on 04-Jan-2019, crossing above ${rupees(rising.threshold)} ` +
    `(previous close ${rupees(rising.before)}).`;

  /** The bell's accessible name once the window has the focus again (the bell asks for the count then). */
  async function bellName(page: Page): Promise<string | null> {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    return page.getByTestId('notification-bell').getAttribute('aria-label');
  }

  it('sets the alert with the keyboard, sees it fire in the bell and the list, and finds the e-mail', async () => {
    const investor = await apiToken(journey.app, DEMO.investor);
    await withPage(journey.browser, { width: 1366, height: 768 }, async ({ page, errors }) => {
      await loginThroughUi(page, journey.app.baseUrl, DEMO.investor);
      await expect.poll(() => bellName(page)).toBe('Notifications');

      // Alert settings: the default 52-week alert off (saved at once)
      await page.goto(`${journey.app.baseUrl}/alert-settings`);
      const yearly = page.getByRole('switch', { name: 'New 52-week high or low' });
      await expect.poll(() => yearly.isChecked()).toBe(true);
      await yearly.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => yearly.isChecked()).toBe(false);
      await expect
        .poll(
          async () =>
            (await setupCall(journey.app, '/api/user/alert-settings', { token: investor })).json<{
              newYearHighLow: boolean;
            }>().newYearHighLow,
        )
        .toBe(false);

      // the watch list: the symbol added, then its row's bell
      await page.goto(`${journey.app.baseUrl}/stock-watch-list`);
      await page.getByText('Your watch list is empty').waitFor();
      await page.getByPlaceholder('Add a symbol…').fill(rising.symbol);
      await page.getByRole('option', { name: rising.symbol, exact: true }).click();
      await page.getByText(`${rising.symbol} added to your watch list`).waitFor();
      const row = page.getByTestId('watchlist').locator('.ag-row', { hasText: rising.symbol }).first();
      const bell = row.getByRole('button', { name: 'Alerts' });
      await bell.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Alerts for ${rising.symbol}` });
      await dialog.getByText('None yet.').waitFor();
      // the dialog opens on its first field: the kind, "close crosses above a price" first
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
      expect(await dialog.getByRole('combobox', { name: 'Alert when' }).inputValue()).toBe('CLOSE_ABOVE');
      // a stop-loss needs a holding: not offered on the watch list
      expect(await dialog.locator('option[value="STOP_LOSS"]').count()).toBe(0);
      await page.keyboard.press('Tab');
      await page.keyboard.type(threshold);
      await page.keyboard.press('Enter');
      await dialog
        .getByRole('status')
        .filter({ hasText: `Alert added: ${rising.symbol}: close crosses above ${rupees(rising.threshold)}` })
        .waitFor();
      await dialog
        .getByText(`${rising.symbol}: close crosses above ${rupees(rising.threshold)}`)
        .first()
        .waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Alerts');

      // the next trading day's file, uploaded by staff; the alert job runs after the upload answered
      await uploadBhavcopies(journey.app, [NEXT_DAY]);
      await expect.poll(() => bellName(page), { timeout: 120_000, interval: 1_000 }).toBe('Notifications, 1 unread');

      // the bell's panel lists it; its link leads to all notifications
      await page.getByTestId('notification-bell').click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByText(expected).waitFor();
      await panel.getByRole('link', { name: 'All notifications' }).click();
      await page.waitForURL((url) => url.pathname === '/notifications');
      const day = page.getByRole('region', { name: '04-Jan-2019' });
      const item = day.getByTestId('notification');
      await expect.poll(() => item.textContent()).toBe(`Unread: ${rising.symbol} ${expected}Mark read`);
      expect(await item.getByRole('link', { name: rising.symbol }).getAttribute('href')).toBe(
        `/company-analysis/${rising.symbol}`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await item.getByRole('button', { name: `Mark read: ${rising.symbol}, 04-Jan-2019` }).click();
      await expect.poll(() => item.getAttribute('data-read')).toBe('true');
      await expect.poll(() => page.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications');

      await page.getByRole('link', { name: 'Alert settings' }).click();
      await page.getByRole('heading', { name: 'Your alert rules' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(relevantErrors(errors)).toEqual([]);
    });

    // the digest in the administrator's outbox (no SMTP_URL): one e-mail for the investor and the day
    const me = await setupCall(journey.app, '/api/auth/login', { json: DEMO.investor });
    const email = me.json<{ user: { email: string } }>().user.email;
    const admin = await apiToken(journey.app, DEMO.admin);
    const digests = async () =>
      (await setupCall(journey.app, `/api/admin/mail-outbox?recipient=${encodeURIComponent(email)}`, { token: admin }))
        .json<OutboxMail[]>()
        .filter((mail) => mail.kind === 'ALERT_DIGEST');
    await expect.poll(async () => (await digests()).length).toBe(1);
    const [digest] = await digests();
    expect(digest!.subject).toBe('Bazaar Insight alerts for 04-Jan-2019: 1 alert');
    expect(digest!.body).toContain(`${rising.symbol} ${expected}`);

    // its unsubscribe link, opened logged out, turns the e-mails off
    const link = /\/unsubscribe\?token=[^\s]+/.exec(digest!.body)?.[0];
    expect(link).toBeDefined();
    await withPage(journey.browser, { width: 390, height: 844 }, async (visitor) => {
      await visitor.page.goto(`${journey.app.baseUrl}${link}`);
      await visitor.page
        .getByTestId('unsubscribe-answer')
        .getByText(
          'You will no longer receive the alert e-mails. Your alerts still show in the app; turn the e-mails on again in your alert settings.',
        )
        .waitFor();
      expect(await seriousViolations(visitor.page)).toEqual([]);
      expect(relevantErrors(visitor.errors)).toEqual([]);
    });
    const settings = await setupCall(journey.app, '/api/user/alert-settings', { token: investor });
    expect(settings.json<{ emailDigest: boolean }>().emailDigest).toBe(false);
  }, 400_000);
});
