/**
 * The main pages of each role and the two sizes the accessibility and layout journeys visit
 * (docs/product/common.md#layout), and how they log in and open a page.
 */
import type { Page } from 'playwright-core';
import { DEMO } from './harness';

export const SIZES = {
  laptop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

const PUBLIC_PAGES = [
  '/home',
  '/about',
  '/contact',
  '/subscribe',
  '/guide',
  '/login',
  '/signup',
  '/forgot-password',
  '/privacy',
  '/terms',
  '/stock-price',
  '/technical-analysis',
  '/corporate-actions',
  '/fundamental-analysis',
];
const MARKET_PAGES = ['/stock-price', '/technical-analysis', '/corporate-actions', '/fundamental-analysis', '/guide'];
const USER_PAGES = ['/', '/accounts', '/holdings', '/profile', '/stock-watch-list', ...MARKET_PAGES];
const STAFF_PAGES = [
  ...USER_PAGES,
  '/users',
  '/app-broker',
  '/upload',
  '/charges',
  '/segment',
  '/charge-type',
  '/dates',
  '/companies',
  '/contact-messages',
];
const ADMIN_PAGES = [...STAFF_PAGES, '/roles', '/financial', '/admin-subscribe', '/mail-outbox'];

export const ROLE_PAGES = {
  visitor: { account: null, pages: PUBLIC_PAGES },
  investor: { account: DEMO.investor, pages: USER_PAGES },
  staff: { account: DEMO.staff, pages: STAFF_PAGES },
  admin: { account: DEMO.admin, pages: ADMIN_PAGES },
} as const;

/** Logs in through the login screen at any size (the navbar hides the username on a phone). */
export async function logIn(page: Page, baseUrl: string, account: { username: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('button', { name: 'User details' }).waitFor();
}

/** Opens a route and waits until its content has arrived: no request under way and no loader. */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page
    .locator('[data-testid="page-loader"], .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
}
