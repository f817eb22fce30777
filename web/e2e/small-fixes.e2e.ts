/**
 * What an investor noticed on a laptop (1366×768), logged in as the demo investor on the demo market, in Chromium:
 * - the Stock Watch List's actions column shows its header "Actions" whole and a Remove icon button (it was a red
 *   "R" under "Act…");
 * - Stock Prices shows Open, High, Low and Close inside the viewport beside the Watch star (logged in, Low was left
 *   out for the Watch column);
 * - the dashboard's By industry and By firm bars carry their shares whole, each on its box inside the chart (white
 *   labels centred on a bar's end read "3." on a short bar);
 * - an address of Stock Prices with the former `?date=` (now `?asOf=`, as on Technical Analysis) still opens that
 *   day.
 */
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  apiToken,
  loginThroughUi,
  relevantErrors,
  setupCall,
  startedAroundTests,
  withPage,
  type TestPage,
} from './harness';
import { marketDate } from './figures';
import { columnsNotShown } from './pages';

const LAPTOP = { width: 1366, height: 768 };

const journey = startedAroundTests({ demoData: true });

/** Opens a 1366×768 page logged in as the demo investor, runs the check and closes it, whatever the check does. */
const asInvestorAtLaptopSize = (check: (opened: TestPage) => Promise<void>) =>
  withPage(journey.browser, LAPTOP, async (opened) => {
    await loginThroughUi(opened.page, journey.app.baseUrl, DEMO.investor);
    await check(opened);
  });

describe('at 1366×768 as the demo investor', () => {
  it('the watch list shows the actions header whole and a Remove icon button inside the viewport', () =>
    asInvestorAtLaptopSize(async ({ page, errors }) => {
      // a symbol of the demo market on the list (the demo investor's list may be empty)
      const token = await apiToken(journey.app, DEMO.investor);
      const prices = (await setupCall(journey.app, '/api/public/stock-prices')).json<Array<{ symbol: string }>>();
      const symbol = prices[0]!.symbol;
      const added = await setupCall(journey.app, '/api/user/watchlist', { token, json: { symbol } });
      expect([200, 201]).toContain(added.status);

      await page.goto(`${journey.app.baseUrl}/stock-watch-list`);
      expect(await columnsNotShown(page, 'watchlist', ['symbol', 'closePrice', '__actions'], { whole: true })).toEqual(
        [],
      );
      const header = page.getByTestId('watchlist').locator('.ag-header-cell[col-id="__actions"]');
      expect((await header.textContent())?.trim()).toBe('Actions');
      const remove = page.getByTestId('watchlist').locator('.ag-row').first().getByRole('button', { name: 'Remove' });
      await remove.waitFor();
      // an icon, not the label's first letter
      expect(await remove.locator('svg').count()).toBe(1);
      expect((await remove.textContent())?.trim()).toBe('');
      const box = await remove.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= LAPTOP.width).toBe(true);
      expect(relevantErrors(errors)).toEqual([]);
    }));

  it('Stock Prices shows open, high, low and close beside the Watch star, whole and inside the viewport', () =>
    asInvestorAtLaptopSize(async ({ page, errors }) => {
      await page.goto(`${journey.app.baseUrl}/stock-price`);
      await page.getByTestId('stock-prices').locator('[col-id="watch"] button').first().waitFor();
      expect(
        await columnsNotShown(
          page,
          'stock-prices',
          ['symbol', 'openPrice', 'highPrice', 'lowPrice', 'closePrice', 'changePercent', 'volume', 'watch'],
          { whole: true },
        ),
      ).toEqual([]);
      const sideways = await page
        .getByTestId('stock-prices')
        .locator('.ag-body-horizontal-scroll-viewport')
        .evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      expect(relevantErrors(errors)).toEqual([]);
    }));

  it('the dashboard’s allocation bars carry their shares whole, each on its box inside the chart', () =>
    asInvestorAtLaptopSize(async ({ page, errors }) => {
      for (const testId of ['dashboard-industry', 'dashboard-firm-allocation']) {
        const chart = page.getByTestId(testId);
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('.apexcharts-datalabel').first().waitFor();
        // ApexCharts draws the labels after its animation: wait until every bar has its label
        await expect
          .poll(() =>
            chart.evaluate(
              (element) =>
                element.querySelectorAll('.apexcharts-bar-area').length ===
                element.querySelectorAll('.apexcharts-datalabel').length,
            ),
          )
          .toBe(true);
        const labels = await chart.evaluate((element) => {
          const svg = element.querySelector('svg.apexcharts-svg')!.getBoundingClientRect();
          return [...element.querySelectorAll<SVGTextElement>('.apexcharts-datalabel')].map((label) => {
            const box = label.getBoundingClientRect();
            const behind = label.previousElementSibling;
            return {
              text: label.textContent ?? '',
              inside: box.left >= svg.left && box.right <= svg.right,
              onBox: behind?.tagName === 'rect' && (behind.getAttribute('fill') ?? '') !== '',
            };
          });
        });
        expect(labels.length).toBeGreaterThan(0);
        for (const label of labels)
          expect(label).toEqual({ text: expect.stringMatching(/^\d+\.\d{2}%$/), inside: true, onBox: true });
      }
      expect(relevantErrors(errors)).toEqual([]);
    }));

  // a picked day written as ?asOf= is checked in market.e2e.ts (the calendar journey)
  it('Stock Prices still opens the day of an address with the former ?date=', () =>
    asInvestorAtLaptopSize(async ({ page, errors }) => {
      const days = (await setupCall(journey.app, '/api/public/stock-prices/dates')).json<string[]>();
      const past = days.at(-2)!;
      await page.goto(`${journey.app.baseUrl}/stock-price?date=${past}`);
      const latest = days.at(-1)!;
      await expect
        .poll(() => page.getByTestId('stock-prices-as-of').textContent())
        .toBe(`Prices of ${marketDate(past)}; the latest trading day is ${marketDate(latest)}`);
      expect(relevantErrors(errors)).toEqual([]);
    }));
});
