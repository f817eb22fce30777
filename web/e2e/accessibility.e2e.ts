/**
 * WCAG 2.2 AA in Chromium (docs/product/common.md#accessibility): axe-core, injected into the page, runs on every
 * main page of each role (visitor, investor, staff, administrator) at a laptop (1366×768) and a phone (390×844)
 * size; no critical or serious violation may remain (the assertion lists them, with the first nodes). Every page
 * has exactly one h1. The demo market's banner shows on every page while the demo market is loaded.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, closeAll, launchBrowser, openPage, startApp, warmUp, type RunningApp } from './harness';

// evaluated through the DevTools protocol: the app's Content-Security-Policy forbids an injected <script>
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

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

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}) × ${violation.nodes.length}: ` +
        violation.nodes
          .slice(0, 3)
          .map(
            (node) => `${JSON.stringify(node.target)} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
          )
          .join(' | '),
    );
}

let app: RunningApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startApp({ demoData: true });
  browser = await launchBrowser();
  await warmUp(browser, app.baseUrl);
});

afterAll(async () => {
  await closeAll(browser, app);
});

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const [role, { account, pages }] of Object.entries(ROLE_PAGES)) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      it(`${role} at ${size} size: every main page has one h1, the demo banner and no serious violation`, async () => {
        const opened = await openPage(browser!, viewport);
        const { page } = opened;
        try {
          if (account) await logIn(page, app!.baseUrl, account);
          const problems: string[] = [];
          for (const route of pages) {
            await openRoute(page, `${app!.baseUrl}${route}`);
            const headings = await page.locator('h1').count();
            if (headings !== 1) problems.push(`${route}: ${headings} h1 elements`);
            if (!(await page.getByTestId('demo-banner').isVisible())) problems.push(`${route}: no demo market banner`);
            for (const violation of await seriousViolations(page)) problems.push(`${route}: ${violation}`);
          }
          expect(problems).toEqual([]);
        } finally {
          await opened.close();
        }
      }, 400_000);
    }
  }
});
