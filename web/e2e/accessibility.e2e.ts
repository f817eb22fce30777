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
import { closeAll, launchBrowser, openPage, startApp, warmUp, type RunningApp } from './harness';
import { ROLE_PAGES, SIZES, logIn, openRoute } from './pages';

// evaluated through the DevTools protocol: the app's Content-Security-Policy forbids an injected <script>
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  // the page has set its title (usePageTitle): it has rendered, not navigating any more
  await page.waitForFunction(() => document.title !== '' && document.documentElement.lang !== '');
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
