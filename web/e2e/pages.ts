/**
 * The main pages of each role and the two sizes the accessibility and layout journeys visit
 * (docs/product/common.md#layout), how they log in and open a page, and which key columns of a grid are not shown whole.
 */
import type { Page } from 'playwright-core';
import { DEMO, STATE_TIMEOUT_MS } from './harness';

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
  // the alert e-mail's unsubscribe page, opened without its token here
  '/unsubscribe',
];
const MARKET_PAGES = ['/stock-price', '/technical-analysis', '/corporate-actions', '/fundamental-analysis', '/guide'];
const USER_PAGES = [
  '/',
  '/accounts',
  '/holdings',
  '/profile',
  '/stock-watch-list',
  '/developer',
  '/notifications',
  '/alert-settings',
  ...MARKET_PAGES,
];
/** The pages only staff and administrators have. */
const STAFF_OWN_PAGES = [
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
const ADMIN_OWN_PAGES = ['/roles', '/financial', '/admin-subscribe', '/mail-outbox'];

/**
 * Each page once per size, as the first role that has it, and again as a role for which it draws more: staff
 * and administrators open their dashboard (their navigation, the demo banner's Upload link), staff the About and
 * Contact pages (the Upload link, the messages' link), administrators Subscribe (the plans' editing). The other
 * investor pages are the same for staff and administrators (their data differs, not the page); visiting every one
 * again as each role was a third of the step's time.
 */
export const ROLE_PAGES = {
  visitor: { account: null, pages: PUBLIC_PAGES },
  investor: { account: DEMO.investor, pages: USER_PAGES },
  staff: { account: DEMO.staff, pages: ['/', '/about', '/contact', ...STAFF_OWN_PAGES] },
  admin: { account: DEMO.admin, pages: ['/', '/subscribe', ...ADMIN_OWN_PAGES] },
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

/**
 * Resolves once no loader is waiting on the screen (the page's loader, Mantine's loaders), or after
 * STATE_TIMEOUT_MS with one still there (a button's own loader may stay). A chart's placeholder below the screen is
 * not waiting: its chart draws only when the reader scrolls to it (web/src/components/chart/deferred-chart.tsx), so
 * it stays for good, and waiting for it cost a minute on every page with a chart below the fold.
 */
async function loadersGone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[data-testid="page-loader"], .mantine-Loader-root')].some((loader) => {
          const chart = loader.closest('[data-chart-placeholder]');
          if (!chart) return true;
          const box = chart.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }),
      undefined,
      { timeout: STATE_TIMEOUT_MS },
    )
    .catch(() => undefined);
}

/** Opens a route and waits until its content has arrived: no request under way and no loader. */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await loadersGone(page);
  await page.waitForLoadState('networkidle');
}

/** No request may start or end for this long: Playwright's `networkidle` rule. */
const QUIET_MS = 500;

/**
 * Resolves once no request of the page has been under way for QUIET_MS, counting from the call (requests
 * already running count too only if they end later). Playwright's `networkidle` is a load state of the
 * document, reached once per load: a route change inside the app does not wait for it again. Driven by the
 * page's request events (each one restarts the quiet period), not by sleeping and looking again.
 */
async function networkQuiet(page: Page, timeout = STATE_TIMEOUT_MS): Promise<void> {
  let running = 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let limit: ReturnType<typeof setTimeout> | undefined;
  let settle = () => {};
  const restart = () => {
    clearTimeout(quiet);
    if (running === 0) quiet = setTimeout(() => settle(), QUIET_MS);
  };
  const started = () => {
    running++;
    restart();
  };
  const ended = () => {
    running = Math.max(0, running - 1);
    restart();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await new Promise<void>((resolve, reject) => {
      settle = resolve;
      limit = setTimeout(
        () => reject(new Error(`the network of ${page.url()} did not go quiet in ${timeout} ms`)),
        timeout,
      );
      restart();
    });
  } finally {
    clearTimeout(quiet);
    clearTimeout(limit);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Opens a route inside the app already loaded in the page, as its own links do (the router follows the
 * history: a pushed entry and a popstate event), at the top of the page as a fresh load would be; then waits
 * as openRoute does, until the network is quiet and no loader shows. A page whose app is not loaded yet (a
 * new context), or that shows the route already, is loaded in full. One load of the app per visit instead of one per page: the app's scripts
 * are parsed and started once, which was most of each visit's time after axe.
 */
export async function showRoute(page: Page, baseUrl: string, route: string): Promise<void> {
  const before = page.url().startsWith(baseUrl)
    ? await page.evaluate(() => ({ title: document.title, path: window.location.pathname }))
    : undefined;
  // the route the page shows already (where logging in led) is loaded again: nothing tells when it was drawn
  if (before === undefined || before.path === route) {
    await openRoute(page, `${baseUrl}${route}`);
    return;
  }
  // the pointer leaves the page, as after a load (where nothing is hovered until it moves): left where the last
  // click was, it hovered whatever the next page drew there, and axe measured the hover colours
  await page.mouse.move(-1, -1);
  const quiet = networkQuiet(page);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    window.scrollTo(0, 0);
  }, route);
  // the router changes routes in a transition: the last page stays until the next one can be drawn (its code
  // loaded), and every page sets its own title (usePageTitle) once drawn, unless it sent the visitor elsewhere
  await page.waitForFunction(
    ({ title, path }) => document.title !== title || window.location.pathname !== path,
    { title: before.title, path: route },
    { timeout: STATE_TIMEOUT_MS },
  );
  await quiet;
  // a loader still shown waits for what it waits on, and that for the network to go quiet again
  const waiting = await page.evaluate(() =>
    document.querySelector('[data-testid="page-loader"], .mantine-Loader-root'),
  );
  if (waiting === null) return;
  await loadersGone(page);
  await networkQuiet(page);
}

/**
 * The columns (col-id) of a grid that are not whole, each with its first problem: no cells, or a cell outside the
 * viewport (its box); with `whole`, also a header missing or cut short and a cell whose text is cut (an ellipsis).
 */
export async function columnsNotShown(
  page: Page,
  gridTestId: string,
  columns: string[],
  { whole = false }: { whole?: boolean } = {},
): Promise<string[]> {
  const grid = page.getByTestId(gridTestId);
  await grid.locator('.ag-row').first().waitFor();
  return grid.evaluate(
    (element, { wanted, whole }) => {
      const width = document.documentElement.clientWidth;
      const problems: string[] = [];
      for (const column of wanted) {
        if (whole) {
          const header = element.querySelector<HTMLElement>(`.ag-header-cell[col-id="${column}"]`);
          const headerText = header?.querySelector<HTMLElement>('.ag-header-cell-text');
          if (!header || !headerText) problems.push(`${column}: no header`);
          else if (headerText.scrollWidth > headerText.clientWidth + 1)
            problems.push(`${column}: header "${headerText.textContent ?? ''}" cut`);
        }
        const cells = [...element.querySelectorAll<HTMLElement>(`.ag-row [col-id="${column}"]`)];
        if (cells.length === 0) problems.push(`${column}: no cells`);
        for (const cell of cells) {
          const box = cell.getBoundingClientRect();
          if (box.width === 0 || box.left < 0 || box.right > width) {
            problems.push(`${column}: cell at ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`);
            break;
          }
          if (whole && cell.scrollWidth > cell.clientWidth + 1) {
            problems.push(`${column}: "${cell.textContent ?? ''}" cut`);
            break;
          }
        }
      }
      return problems;
    },
    { wanted: columns, whole },
  );
}
