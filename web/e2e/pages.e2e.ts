/**
 * Every main page (pages.ts says which role opens which), in Chromium with the demo market, at a
 * laptop (1366×768) and a phone (390×844) size — one visit per role and size, loading the app once and going from
 * page to page inside it as its links do (pages.ts, showRoute), checks on every page all of:
 * - WCAG 2.2 AA (docs/product/common.md#accessibility): axe-core, injected into the page; no critical or serious
 *   violation may remain (the assertion lists them, with the first nodes). Every page has exactly one h1. The demo
 *   market's banner shows on every page while the demo market is loaded.
 * - Fitting (docs/product/common.md#layout), at 390×844: no page scrolls sideways, the footer comes after the page's
 *   last interactive element (never over it) and its links can be reached; the tables are card lists.
 * On real data too (no demo market: real NSE bhavcopies of January 2019 from ../shared/data, an investor with a TCS
 * holding bought and an INFY watched through REST), the investor's pages of figures pass the same axe rules at both
 * sizes: Dashboard, the holdings of a firm (positions and lots), Stock Watch List, Stock Price, Technical Analysis and
 * Company Analysis (the demo visit never opens a firm's lots, where the phone's light green Sell button was 3.8:1);
 * and staff's Upload page showing a corporate-actions report with a purpose not understood (its orange line was
 * 3.6:1).
 * And at 1366×768 the key columns of Holdings (symbol, quantity, average price, last price, net P&L, actions),
 * Stock Prices (symbol, date, close, change %, volume) and Charges (firm, segment, charge type, amount, date,
 * actions) have every cell inside the viewport, without scrolling sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bhavcopyClose } from './figures';
import {
  DEMO,
  apiToken,
  openPage,
  relevantErrors,
  setupCall,
  startApp,
  startedAroundTests,
  uploadBhavcopies,
  warmUp,
  withPage,
  type RunningApp,
  type TestPage,
} from './harness';
import { seriousViolations } from './axe';
import { ROLE_PAGES, SIZES, columnsNotShown, logIn, openRoute, showRoute } from './pages';

const journey = startedAroundTests({ demoData: true });

/** The cells of these columns whose text the grid cut short (an ellipsis), with their text. */
async function cutCells(page: Page, gridTestId: string, columns: string[]): Promise<string[]> {
  return page.getByTestId(gridTestId).evaluate((element, wanted) => {
    const cut: string[] = [];
    for (const column of wanted)
      for (const cell of element.querySelectorAll<HTMLElement>(`.ag-row [col-id="${column}"]`))
        if (cell.scrollWidth > cell.clientWidth + 1) cut.push(`${column}: ${cell.textContent ?? ''}`);
    return cut;
  }, columns);
}

async function heading(page: Page): Promise<string> {
  return (
    (await page
      .locator('h1')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? 'none'
  );
}

/** Opens the first segment of the investor's firms that holds something (the demo investor's holdings). */
async function openHoldingsWithRows(page: Page): Promise<void> {
  await openRoute(page, `${journey.app.baseUrl}/accounts`);
  const firms = await page.getByTestId('firm-card').count();
  for (let firm = 0; firm < firms; firm++) {
    await openRoute(page, `${journey.app.baseUrl}/accounts`);
    await page.getByTestId('firm-card').nth(firm).click();
    await page.getByTestId('segment-card').first().waitFor();
    const segments = await page.getByTestId('segment-card').count();
    for (let segment = 0; segment < segments; segment++) {
      if (segment > 0) {
        await page.goBack();
        await page.getByTestId('segment-card').first().waitFor();
      }
      await page.getByTestId('segment-card').nth(segment).getByRole('button').click();
      // the lots' table (the page opens on positions)
      await page.getByTestId('holdings-view').getByRole('button', { name: 'Lots', exact: true }).click();
      const grid = page.getByTestId('holdings-grid');
      await grid.locator('.ag-row, [data-testid="data-grid-empty"]').first().waitFor();
      if ((await grid.locator('.ag-row').count()) > 0) return;
    }
  }
  throw new Error('the demo investor has no holdings');
}

/** What does not fit on a phone: sideways scrolling, a fixed or covering footer, an unreachable footer link, a grid. */
async function phoneLayoutProblems(page: Page, route: string): Promise<string[]> {
  const problems: string[] = [];
  const facts = await page.evaluate(() => {
    const footer = document.querySelector('[data-testid="app-footer"]');
    const footerTop = footer?.getBoundingClientRect().top ?? Number.NaN;
    // the page's interactive elements that are shown, in document order, before the footer
    const interactive = [
      ...document.querySelectorAll('main a[href], main button, main input, main select, main textarea'),
    ].filter((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        !footer?.contains(element) &&
        getComputedStyle(element).visibility !== 'hidden'
      );
    });
    const last = interactive.at(-1);
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      footerPosition: footer ? getComputedStyle(footer.parentElement!).position : 'missing',
      footerTop,
      lastBottom: last?.getBoundingClientRect().bottom ?? 0,
      last: last ? `${last.tagName.toLowerCase()} "${(last.textContent ?? '').trim().slice(0, 30)}"` : '',
    };
  });
  if (facts.sideways > 0) problems.push(`${route}: scrolls sideways by ${facts.sideways}px`);
  if (facts.footerPosition === 'missing') problems.push(`${route}: no footer`);
  else if (facts.footerPosition === 'fixed') problems.push(`${route}: the footer is fixed`);
  if (facts.lastBottom > facts.footerTop)
    problems.push(`${route}: the footer (top ${facts.footerTop}) covers ${facts.last} (bottom ${facts.lastBottom})`);
  const terms = page.getByTestId('app-footer').getByRole('link', { name: 'Terms of Service' });
  const reached = await terms
    .scrollIntoViewIfNeeded()
    .then(() => terms.isVisible())
    .catch(() => false);
  if (!reached) problems.push(`${route}: the footer's Terms link cannot be reached (h1: ${await heading(page)})`);
  if ((await page.locator('.ag-root').count()) > 0) problems.push(`${route}: a grid instead of cards`);
  return problems;
}

// the eight visits run side by side (each in its own browser context; at most maxConcurrency at once, see
// vitest.config.ts): most of a visit is waiting for the network to go quiet, which overlaps
describe.concurrent('every main page, every role, both sizes', () => {
  for (const [role, { account, pages }] of Object.entries(ROLE_PAGES)) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const fits = size === 'phone' ? ', nothing sideways, the footer after the content' : '';
      it(`${role} at ${size} size: one h1, the demo banner, no serious axe violation${fits}`, async ({ expect }) => {
        const opened = await openPage(journey.browser, viewport);
        const { page } = opened;
        try {
          if (account) await logIn(page, journey.app.baseUrl, account);
          const problems: string[] = [];
          for (const route of pages) {
            await showRoute(page, journey.app.baseUrl, route);
            const headings = await page.locator('h1').count();
            if (headings !== 1) problems.push(`${route}: ${headings} h1 elements`);
            if (!(await page.getByTestId('demo-banner').isVisible())) problems.push(`${route}: no demo market banner`);
            for (const violation of await seriousViolations(page)) problems.push(`${route}: ${violation}`);
            if (viewport === SIZES.phone) problems.push(...(await phoneLayoutProblems(page, route)));
          }
          expect(problems).toEqual([]);
        } finally {
          await opened.close();
        }
      }, 500_000);
    }
  }
});

/** The first four trading days of 2019, real bhavcopies (a short history, as a new installation has). */
const REAL_DAYS = ['01JAN2019.csv', '02JAN2019.csv', '03JAN2019.csv', '04JAN2019.csv'];

/**
 * The investor's pages of figures on the real market, each with what must be drawn before axe runs: a table's
 * rows come after the network is quiet (AG Grid's chunk, a deferred render), and the Lots view is a change of the
 * address's query only (no new title to wait for).
 */
const REAL_PAGES: Array<{ route: string; drawn?: string }> = [
  { route: '/', drawn: '[data-testid="dashboard-current-value"]' },
  {
    route: '/holdings/Zerodha/Equity',
    drawn: '[data-testid="positions-grid"] :is(.ag-row, [data-testid="data-grid-card"])',
  },
  {
    route: '/holdings/Zerodha/Equity?view=lots',
    drawn: '[data-testid="holdings-grid"] :is(.ag-row, [data-testid="data-grid-card"])',
  },
  { route: '/stock-watch-list', drawn: '[data-testid="watchlist"] :is(.ag-row, [data-testid="data-grid-card"])' },
  { route: '/stock-price' },
  { route: '/technical-analysis' },
  { route: '/company-analysis/TCS' },
];

describe("real data, no demo market: the investor's pages of figures", () => {
  let real: RunningApp | undefined;

  beforeAll(async () => {
    real = await startApp();
    await Promise.all([uploadBhavcopies(real, REAL_DAYS), warmUp(journey.browser, real.baseUrl)]);
    const token = await apiToken(real, DEMO.investor);
    const firms = await setupCall(real, '/api/user/brokerage-firms', { token });
    const zerodha = firms.json<Array<{ id: number; name: string }>>().find((firm) => firm.name === 'Zerodha');
    // 10 TCS at the close of 2 January: open, with a Sell action on its lot
    const holding = await setupCall(real, '/api/user/holding', {
      token,
      json: {
        symbol: 'TCS',
        price: bhavcopyClose('02JAN2019.csv', 'TCS'),
        quantity: 10,
        exchange: 'NSE',
        creationDate: '2019-01-02',
        brokerageFirm: zerodha,
        instrumentType: 'Equity',
      },
    });
    expect(holding.status, holding.text).toBe(201);
    const watched = await setupCall(real, '/api/user/watchlist', { token, json: { symbol: 'INFY' } });
    expect(watched.status, watched.text).toBe(201);
  });
  afterAll(async () => {
    await real?.stop();
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`investor at ${size} size: no serious axe violation`, async () => {
      const opened = await openPage(journey.browser, viewport);
      const { page } = opened;
      try {
        await logIn(page, real!.baseUrl, DEMO.investor);
        const problems: string[] = [];
        for (const { route, drawn } of REAL_PAGES) {
          await showRoute(page, real!.baseUrl, route);
          if (drawn) await page.locator(drawn).first().waitFor();
          for (const violation of await seriousViolations(page)) problems.push(`${route}: ${violation}`);
        }
        expect(problems).toEqual([]);
        expect(relevantErrors(opened.errors)).toEqual([]);
      } finally {
        await opened.close();
      }
    }, 500_000);
  }

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`staff's Upload page with a corporate-actions report at ${size} size: no serious axe violation`, async () => {
      const opened = await openPage(journey.browser, viewport);
      const { page } = opened;
      try {
        await logIn(page, real!.baseUrl, DEMO.staff);
        await showRoute(page, real!.baseUrl, '/upload');
        await page.getByRole('combobox', { name: 'Select Upload Type' }).click();
        await page.getByRole('option', { name: 'Upload Corporate Actions', exact: true }).click();
        // NSE's layout, one purpose the parser cannot read (it mentions a bonus without a ratio): nothing adjusts; a
        // new ex-date for each size, so each upload is a file of its own
        const file = [
          '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"',
          `"WIPRO","Wipro Limited","EQ","Bonus Issue Ratio To Be Announced","2","${size === 'laptop' ? 15 : 16}-Jan-2019","-","-","-"`,
        ].join('\n');
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          page.getByRole('button', { name: 'Select File' }).click(),
        ]);
        await chooser.setFiles({ name: 'ca.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
        const upload = page.getByRole('button', { name: 'Upload', exact: true });
        await expect.poll(() => upload.isDisabled()).toBe(false);
        await upload.click();
        await page.getByTestId('report-unclassified-count').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(relevantErrors(opened.errors)).toEqual([]);
      } finally {
        await opened.close();
      }
    }, 300_000);
  }
});

/** Opens a page at 1366×768, runs the check in it and closes it, whatever the check does. */
const atLaptopSize = (check: (opened: TestPage) => Promise<void>) => withPage(journey.browser, SIZES.laptop, check);

describe('tables at 1366×768', () => {
  it('Holdings shows symbol, quantity, prices, net P&L and the actions inside the viewport', () =>
    atLaptopSize(async ({ page, errors }) => {
      await logIn(page, journey.app.baseUrl, DEMO.investor);
      await openHoldingsWithRows(page);
      expect(
        await columnsNotShown(page, 'holdings-grid', [
          'symbol',
          'quantity',
          'price',
          'currentPrice',
          'net',
          '__actions',
        ]),
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(relevantErrors(errors)).toEqual([]);
    }));

  it('Stock Prices shows symbol, date, close, change % and volume inside the viewport', () =>
    atLaptopSize(async ({ page }) => {
      await openRoute(page, `${journey.app.baseUrl}/stock-price`);
      expect(
        await columnsNotShown(page, 'stock-prices', ['symbol', 'date', 'closePrice', 'changePercent', 'volume']),
      ).toEqual([]);
    }));

  it('Corporate Actions shows whole symbols, the purpose, what it is understood as and the ex-date inside the viewport', () =>
    atLaptopSize(async ({ page }) => {
      await openRoute(page, `${journey.app.baseUrl}/corporate-actions`);
      const keyColumns = ['symbol', 'purpose', 'kind', 'exDate'];
      expect(await columnsNotShown(page, 'corporate-actions', keyColumns)).toEqual([]);
      // a 10-letter symbol ("MEGHNAVHOU") and a dividend's label ("Dividend ₹13.25") were cut at 120 and 130 px
      expect(await cutCells(page, 'corporate-actions', keyColumns)).toEqual([]);
    }));

  it('Companies shows id, name, industry, symbol, series and the actions, and its grid does not scroll sideways', () =>
    atLaptopSize(async ({ page }) => {
      await logIn(page, journey.app.baseUrl, DEMO.staff);
      await openRoute(page, `${journey.app.baseUrl}/companies`);
      expect(
        await columnsNotShown(page, 'companies', ['id', 'companyName', 'industry', 'symbol', 'series', '__actions']),
      ).toEqual([]);
      // the reference figures that do not fit wait under "Columns" instead of a scrolled grid cutting one in half
      const sideways = await page
        .getByTestId('companies')
        .locator('.ag-body-horizontal-scroll-viewport')
        .evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Columns' }).waitFor();
    }));

  it('Charges shows firm, segment, charge type, amount, date and the actions inside the viewport', () =>
    atLaptopSize(async ({ page }) => {
      await logIn(page, journey.app.baseUrl, DEMO.staff);
      await openRoute(page, `${journey.app.baseUrl}/charges`);
      expect(
        await columnsNotShown(page, 'charges', [
          'brokerageFirm',
          'segment',
          'chargeType',
          'amount',
          'effectiveDate',
          '__actions',
        ]),
      ).toEqual([]);
      // long charge types wrap instead of ending in an ellipsis ("Exchange transac…")
      expect(
        await cutCells(page, 'charges', ['brokerageFirm', 'segment', 'chargeType', 'amount', 'effectiveDate']),
      ).toEqual([]);
    }));
});
