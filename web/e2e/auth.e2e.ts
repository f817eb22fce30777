import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@bazaar/shared';
import { DEMO, launchBrowser, loginThroughUi, openPage, relevantErrors, startApp, type RunningApp } from './harness';

describe('accounts and roles in the browser', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs up, logs in and shows the dashboard', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${app.baseUrl}/signup?referralCode=`);
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('First Name').fill('Priya');
    await page.getByLabel('Last Name').fill('Nair');
    await page.getByLabel('Username').fill('priya');
    await page.getByLabel('Email address').fill('priya@example.com');
    // a short password keeps the form invalid and shows the message of docs/product/auth.md#validation once touched
    await page.getByRole('textbox', { name: 'Password' }).fill('short');
    await page.getByRole('textbox', { name: 'Password' }).blur();
    await page.getByText('Password must be atleast 8 characters!').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Password' }).fill('Priya@2025');
    await page.getByLabel('Mobile Number').fill('9812345678');
    await submit.click();
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByTestId('signed-up').waitFor();
    // one answer whether or not the name was taken (docs/product/auth.md#sign-up)
    expect(await page.getByTestId('signed-up').textContent()).toBe(MESSAGES.signupAnswer);

    await page.getByLabel('Username').fill('priya');
    await page.getByRole('textbox', { name: 'Password' }).fill('Priya@2025');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByTestId('dashboard-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('navbar-username').textContent()).toBe('priya');
    // the token never reaches scripts: only user and roles are stored
    const stored = await page.evaluate(() => ({ keys: Object.keys(localStorage), cookie: document.cookie }));
    expect(stored.keys).toContain('user');
    expect(stored.keys).toContain('roles');
    expect(stored.keys).not.toContain('token');
    expect(stored.cookie).not.toContain('bi_session');
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it("shows the server's message for a wrong password", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill('Wrong@12345');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toBe('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await close();
  });

  it("gives staff a different sidebar from an investor's, as the spec lists", async () => {
    const sidebarOf = async (account: { username: string; password: string }) => {
      const { page, close } = await openPage(browser);
      await loginThroughUi(page, app.baseUrl, account);
      const labels = await page.getByTestId('sidebar').locator('a').allTextContents();
      await close();
      return labels;
    };
    const investor = await sidebarOf(DEMO.investor);
    const staff = await sidebarOf(DEMO.staff);
    const admin = await sidebarOf(DEMO.admin);
    const publicEntries = ['Corporate Actions', 'Stock Price', 'Technical Analysis', 'Fundamental Analysis'];
    expect(investor.slice(0, 9)).toEqual([
      'Dashboard',
      'Accounts',
      'Tax P&L',
      'Profile',
      'Stock Watch List',
      ...publicEntries,
    ]);
    expect(investor).toContain('Developer');
    expect(investor).not.toContain('Upload');
    expect(staff).toEqual(
      expect.arrayContaining(['Brokers', 'Upload', 'Charges', 'Segments', 'Charge Types', 'Dates', 'Companies']),
    );
    // staff are refused Users by the API ("Only administrators manage users"): no entry that leads there
    expect(staff).not.toContain('Users');
    expect(staff).not.toContain('Roles');
    expect(staff).not.toContain('Financial Instrument');
    expect(admin).toEqual(expect.arrayContaining(['Users', 'Roles', 'Financial Instrument']));
  });

  it('keeps investors out of staff pages and visitors out of guarded pages', async () => {
    const { page, close } = await openPage(browser);
    // a visitor asking for the profile gets the login form, which says why
    await page.goto(`${app.baseUrl}/profile`);
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByText('Please log in to continue.').waitFor();
    expect(await page.getByTestId('profile-details').count()).toBe(0);
    // an investor asking for the roles: the login form again, saying that the account cannot open it
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await page.goto(`${app.baseUrl}/roles`);
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByText('Your account cannot open that page').waitFor();
    expect(await page.getByTestId('roles-grid').count()).toBe(0);
    await close();
  });

  it('lets an admin create a user with a role and see it in the table', async () => {
    const { page, errors, close } = await openPage(browser);
    await loginThroughUi(page, app.baseUrl, DEMO.admin);
    await page.goto(`${app.baseUrl}/users`);
    const grid = page.getByTestId('users-grid');
    await grid.getByText('investor@bazaar-insight.local').waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First Name').fill('Vikram');
    await dialog.getByLabel('Last Name').fill('Sethi');
    await dialog.getByLabel('Username').fill('vikram');
    await dialog.getByLabel('Email').fill('vikram@example.com');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('Vikram@2025');
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'ROLE_STAFF' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('User added successfully!').waitFor();
    await grid.getByPlaceholder('Search').fill('vikram');
    const row = grid.locator('.ag-row', { hasText: 'vikram@example.com' });
    await row.waitFor();
    // the grid draws React cells a moment after the row
    await expect.poll(() => row.textContent()).toContain('ROLE_STAFF');
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('updates the profile', async () => {
    const { page, close } = await openPage(browser);
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await page.goto(`${app.baseUrl}/profile`);
    await page.getByTestId('profile-details').getByText('investor@bazaar-insight.local').waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mobile Number').fill('9000012345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('profile-saved').waitFor();
    expect(await page.getByTestId('profile-saved').textContent()).toBe('Profile updated successfully!');
    expect(await page.getByTestId('profile-details').textContent()).toContain('9000012345');

    // a new e-mail address asks for the current password before it can be saved
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const again = page.getByRole('dialog');
    expect(await again.getByLabel('Current password').count()).toBe(0);
    await again.getByLabel('Email address').fill('indira@example.com');
    const current = again.getByLabel('Current password');
    await current.waitFor();
    expect(await again.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await current.fill('Wrong@12345');
    await again.getByRole('button', { name: 'Save' }).click();
    await again.getByText(MESSAGES.currentPasswordWrong).waitFor();
    await current.fill(DEMO.investor.password);
    await again.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('profile-details').getByText('indira@example.com').waitFor();
    await close();
  });

  it('starts the keyboard at a skip link and puts the focus on each new page’s heading', async () => {
    const { page, errors, close } = await openPage(browser);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element ? `${element.tagName}#${element.id}:${element.textContent?.trim().slice(0, 40) ?? ''}` : '';
      });
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Username').waitFor();
    // the first Tab of a page reaches "Skip to content"; Enter moves to the page's main region
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('A#:Skip to content');
    await expect
      .poll(() => page.getByTestId('skip-link').evaluate((link) => link.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toMatch(/^MAIN#main-content:/);
    // the next Tab is inside the page, not back in the header
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main-content')!.contains(document.activeElement))).toBe(
      true,
    );

    // a link of the sidebar: the new page's heading has the focus, not the link left behind
    await page.getByRole('link', { name: 'Stock Price' }).first().click();
    await expect.poll(focused, { timeout: 30_000 }).toMatch(/^H1#:/);
    // the keyboard alone, from the heading: the page's own controls come next
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main-content')!.contains(document.activeElement))).toBe(
      true,
    );
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('opens a self-hosted GraphQL explorer at /graphql that needs no internet', async () => {
    const { page, errors, close } = await openPage(browser);
    const external: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !['127.0.0.1', 'localhost'].includes(url.hostname))
        external.push(request.url());
    });
    // Altair is a large single-page app: give it time to boot on a busy machine
    // the introspection query is recognised by what was asked, and answered 200: reading the answer's body
    // back from Chromium can fail once the page has moved on (Network.getResponseBody: No data found)
    const introspected = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        response.request().method() === 'POST' &&
        (response.request().postData() ?? '').includes('__schema') &&
        response.status() === 200,
      { timeout: 90_000 },
    );
    await page.goto(`${app.baseUrl}/graphql`);
    await introspected;
    await page.getByText('Send Request').waitFor();
    expect(external).toEqual([]);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
