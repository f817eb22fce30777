/**
 * Accounts and engagement in Chromium, against the app as `npm start` runs it: the whole password
 * reset with the link read from the outbox by an administrator, plan administration, subscribing,
 * the referral page (its QR image decoded here) and sign-up through the link, Contact Us read by
 * staff, and the legal pages from the footer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { DEMO, launchBrowser, loginThroughUi, openPage, relevantErrors, startApp, type RunningApp } from './harness';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Today in India (UTC+05:30 all year) plus n days, as the app shows dates: 15-Mar-2025. */
function indiaDate(plusDays: number): string {
  const date = new Date(Date.now() + 330 * 60_000 + plusDays * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
}

describe('accounts and engagement in the browser', () => {
  let app: RunningApp;
  let browser: Browser;

  async function graphql(query: string, variables: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: Array<{ message: string }> };
    if (body.errors) throw new Error(body.errors[0]?.message);
  }

  /** The administrator opens the outbox and reads the latest mail to `recipient`. */
  async function latestMailTo(page: Page, recipient: string): Promise<string> {
    await page.goto(`${app.baseUrl}/mail-outbox`);
    const grid = page.getByTestId('mail-outbox-grid');
    await grid.locator('.ag-row', { hasText: recipient }).first().click();
    const body = page.getByTestId('text-modal-body');
    await body.waitFor();
    const text = (await body.textContent()) ?? '';
    await page.keyboard.press('Escape');
    return text;
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    await graphql('mutation ($input: SignupInput!) { signup(input: $input) { message } }', {
      input: {
        firstName: 'Farah',
        lastName: 'Khan',
        username: 'farah',
        email: 'farah@example.com',
        password: 'Farah#2025',
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('resets a forgotten password with the mailed link, which works once', async () => {
    const visitor = await openPage(browser);
    const { page } = visitor;
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL(`${app.baseUrl}/forgot-password`);
    await page.getByRole('heading', { name: 'Find your account' }).waitFor();
    const send = page.getByRole('button', { name: 'Send Link' });
    await page.getByLabel('Email or username').fill('farah@');
    await page.getByText('Please enter email!').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email or username').fill('farah@example.com');
    await send.click();
    const sent = page.getByTestId('forgot-password-message');
    await sent.waitFor();
    expect(await sent.textContent()).toMatch(/^If an account matches what you entered, we have sent a link/);

    const admin = await openPage(browser);
    await loginThroughUi(admin.page, app.baseUrl, DEMO.admin);
    const mail = await latestMailTo(admin.page, 'farah@example.com');
    const link = /https?:\/\/\S+\/change-password\?\S+/.exec(mail)?.[0];
    expect(link).toMatch(/\/change-password\?/);
    expect(new URL(link!).origin).toBe(app.baseUrl);

    await page.goto(link!);
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.getByRole('textbox', { name: 'New Password' }).fill('Renewed#2025');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Renewed#2026');
    await page.getByText('Passwords do not match!').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Renewed#2025');
    await submit.click();
    const result = page.getByTestId('reset-password-message');
    await result.waitFor();
    expect(await result.textContent()).toContain(
      'Your password has been changed. You can now log in with your new password.',
    );

    // the same link again: the server's message is shown
    await page.goto(link!);
    await page.getByRole('textbox', { name: 'New Password' }).fill('Again#20255');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Again#20255');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByTestId('reset-password-message')
      .getByText('This password reset link has already been used. Please ask for a new link.')
      .waitFor();
    // a made-up token
    await page.goto(`${app.baseUrl}/change-password?token=made-up&email=farah%40example.com`);
    await page.getByRole('textbox', { name: 'New Password' }).fill('Forged#20255');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Forged#20255');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByTestId('reset-password-message')
      .getByText('This password reset link is not valid. Please ask for a new link.')
      .waitFor();

    await loginThroughUi(page, app.baseUrl, { username: 'farah', password: 'Renewed#2025' });
    expect(relevantErrors(visitor.errors)).toEqual([]);
    expect(relevantErrors(admin.errors)).toEqual([]);
    await visitor.close();
    await admin.close();
  });

  it('lets an administrator add and edit plans, and keeps investors out', async () => {
    const { page, errors, close } = await openPage(browser);
    await loginThroughUi(page, app.baseUrl, DEMO.admin);
    await page.goto(`${app.baseUrl}/admin-subscribe`);
    const grid = page.getByTestId('subscriptions-grid');
    await grid.getByRole('heading', { name: 'Subscriptions' }).waitFor();
    await page.getByRole('button', { name: 'Add Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new Subscription' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Name').fill('Gold');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByLabel('Name').blur();
    await dialog.getByText('Name is required!').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('Gold');
    await dialog.getByLabel('Description').fill('Every analysis screen, every day');
    await dialog.getByLabel('Price').fill('499');
    await dialog.getByLabel('Duration In Days').fill('30');
    await save.click();
    await page.getByText('Subscription added successfully!').waitFor();
    const row = grid.locator('.ag-row', { hasText: 'Gold' });
    await row.waitFor();
    // the grid draws React cells a moment after the row
    await expect.poll(() => row.textContent()).toContain('₹499.00');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subscription' });
    await edit.getByLabel('Price').fill('599.50');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Subscription Updated Successfully!').waitFor();
    await grid.locator('.ag-row', { hasText: '₹599.50' }).waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();

    const investor = await openPage(browser);
    await loginThroughUi(investor.page, app.baseUrl, DEMO.investor);
    await investor.page.goto(`${app.baseUrl}/admin-subscribe`);
    await investor.page.waitForURL(`${app.baseUrl}/login`);
    await investor.close();
  });

  it('subscribes an investor from a plan card and shows the plan and its end date', async () => {
    const { page, errors, close } = await openPage(browser);
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL(`${app.baseUrl}/subscribe`);
    const card = page.getByTestId('plan-card').filter({ hasText: 'Gold' });
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('₹599.50');
    expect(cardText).toContain('30 days');
    expect(cardText).toContain('Every analysis screen, every day');
    await page.getByTestId('my-subscription').getByText('You have no active subscription.').waitFor();
    await card.getByRole('button', { name: 'Subscribe' }).click();
    const result = page.getByTestId('subscribe-result');
    await result.waitFor();
    // 30 days from today: the last day is today + 29
    expect(await result.textContent()).toBe(`Subscribed to Gold from ${indiaDate(0)} to ${indiaDate(29)}.`);
    await page
      .getByTestId('my-subscription')
      .getByText(`Your plan: Gold, active until ${indiaDate(29)}.`)
      .waitFor();
    await page.getByRole('link', { name: 'Refer' }).click();
    await page.waitForURL(`${app.baseUrl}/referral`);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('shows the referral QR code and link; a sign-up through the link appears and is claimed once', async () => {
    const investor = await openPage(browser);
    const { page } = investor;
    await loginThroughUi(page, app.baseUrl, DEMO.investor);
    await page.goto(`${app.baseUrl}/referral`);
    await page.getByRole('heading', { name: 'Referral', exact: true }).waitFor();
    const linkInput = page.getByLabel('Referral Link', { exact: true });
    await linkInput.waitFor();
    const link = await linkInput.inputValue();
    const code = await page.getByLabel('Referral Code', { exact: true }).inputValue();
    expect(link).toBe(`${app.baseUrl}/signup?referralCode=${code}`);
    expect(await linkInput.getAttribute('readonly')).not.toBeNull();
    const src = (await page.getByRole('img', { name: 'QR Code of your referral link' }).getAttribute('src')) ?? '';
    expect(src.startsWith('data:image/png;base64,')).toBe(true);
    const image = PNG.sync.read(Buffer.from(src.slice('data:image/png;base64,'.length), 'base64'));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(link);
    await page.getByTestId('referrals-grid').getByText('Nobody has signed up with your link yet.').waitFor();

    const friend = await openPage(browser);
    await friend.page.goto(link);
    expect(await friend.page.getByLabel('Referral', { exact: true }).inputValue()).toBe(code);
    await friend.page.getByLabel('First Name').fill('Gautam');
    await friend.page.getByLabel('Last Name').fill('Bose');
    await friend.page.getByLabel('Username').fill('gautam');
    await friend.page.getByLabel('Email address').fill('gautam@example.com');
    await friend.page.getByRole('textbox', { name: 'Password' }).fill('Gautam#2025');
    await friend.page.getByRole('button', { name: 'Submit' }).click();
    await friend.page.waitForURL(`${app.baseUrl}/login`);
    await friend.close();

    await page.reload();
    const grid = page.getByTestId('referrals-grid');
    const row = grid.locator('.ag-row', { hasText: 'gautam' });
    await row.waitFor();
    // the grid draws React cells a moment after the row
    await expect.poll(() => row.textContent()).toContain('Not claimed');
    await row.getByRole('button', { name: 'Claim' }).click();
    await page.getByText('Referral of gautam claimed.').waitFor();
    await grid.locator('.ag-row', { hasText: 'Claimed' }).waitFor();
    expect(await grid.locator('.ag-row', { hasText: 'gautam' }).getByRole('button', { name: 'Claim' }).count()).toBe(0);
    expect(relevantErrors(investor.errors)).toEqual([]);
    await investor.close();

    // a visitor sees the server's message in the error area
    const visitor = await openPage(browser);
    await visitor.page.goto(`${app.baseUrl}/referral`);
    await visitor.page.getByTestId('referral-error').getByText('Please log in to continue').waitFor();
    await visitor.close();
  });

  it('sends a Contact Us message that staff read with its lines, and investors cannot', async () => {
    const visitor = await openPage(browser);
    const { page } = visitor;
    await page.goto(`${app.baseUrl}/home`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(`${app.baseUrl}/contact`);
    const send = page.getByRole('button', { name: 'Send' });
    await page.getByLabel('First Name').fill('Meera');
    await page.getByLabel('Last Name').fill('Iyer');
    await page.getByLabel('Email').fill('meera@example.com');
    const message = page.getByRole('textbox', { name: 'Message' });
    expect(await message.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await message.fill('x');
    await message.fill('');
    await message.blur();
    await page.getByText('Message is required!').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await message.fill('Hello,\nplease add mid-caps.\nThanks');
    await send.click();
    await page
      .getByTestId('contact-result')
      .getByText('Thank you for your message. We will get back to you soon.')
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    expect(relevantErrors(visitor.errors)).toEqual([]);
    await visitor.close();

    const staff = await openPage(browser);
    await loginThroughUi(staff.page, app.baseUrl, DEMO.staff);
    await staff.page.goto(`${app.baseUrl}/contact`);
    await staff.page.getByRole('link', { name: 'Read the messages sent through this form' }).click();
    await staff.page.waitForURL(`${app.baseUrl}/contact-messages`);
    await staff.page.getByTestId('contact-messages-grid').locator('.ag-row', { hasText: 'meera@example.com' }).click();
    const body = staff.page.getByTestId('text-modal-body');
    await body.waitFor();
    expect(await body.innerText()).toBe('Hello,\nplease add mid-caps.\nThanks');
    await staff.close();

    const investor = await openPage(browser);
    await loginThroughUi(investor.page, app.baseUrl, DEMO.investor);
    await investor.page.goto(`${app.baseUrl}/contact-messages`);
    await investor.page.waitForURL(`${app.baseUrl}/login`);
    await investor.close();
  });

  it('opens the Terms, Privacy and About pages', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${app.baseUrl}/home`);
    await page.getByTestId('app-footer').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(await page.getByTestId('terms-page').textContent()).toContain('Effective 15-Mar-2025');
    await page.getByTestId('app-footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const privacy = (await page.getByTestId('privacy-page').textContent()) ?? '';
    expect(privacy).toContain('Effective 15-Mar-2025');
    expect(privacy).toContain('Cookies');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About Bazaar Insight', level: 1 }).waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
