/**
 * Tax P&L in the browser (docs/product/tax.md#screen): an investor imports a tradebook of real closes
 * (../shared/data) from Holdings, follows its link to Tax P&L, and sees each year's figures; the tradewise CSV is
 * downloaded through the BFF (docs/decisions.md#tax-files-through-the-bff), opened and checked line by line. Worked
 * out here from the bhavcopies, at a firm without charges:
 *
 *   INFY  buy 10 on 02-Jan-2019, sell 10 on 03-Jan-2020 → long term (after 02-Jan-2020), FY 2019-20
 *   SBIN  buy  7 on 02-Jan-2019, sell  3 on 03-Jan-2019 → short term, FY 2018-19; 4 left open
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bhavcopyClose, rupees, toPaise } from './figures';
import { createFirm, DEMO, loginThroughUi, openPage, relevantErrors, startedAroundTests } from './harness';

const FIRM = 'Tax E2E Securities';
const FILES = ['02JAN2019.csv', '03JAN2019.csv', '03JAN2020.csv'];

const infyBuy = bhavcopyClose('02JAN2019.csv', 'INFY');
const infySell = bhavcopyClose('03JAN2020.csv', 'INFY');
const sbinBuy = bhavcopyClose('02JAN2019.csv', 'SBIN');
const sbinSell = bhavcopyClose('03JAN2019.csv', 'SBIN');
const longTermGain = 10 * (toPaise(infySell) - toPaise(infyBuy));
const shortTermGain = 3 * (toPaise(sbinSell) - toPaise(sbinBuy));

/** A Zerodha tradebook line (the import's own format). */
const line = (symbol: string, date: string, side: string, quantity: number, price: string, id: string) =>
  `${symbol},INE000000000,${date},NSE,EQ,EQ,${side},false,${quantity}.000000,${price},${id},9${id},${date}T10:00:00`;
const TRADEBOOK = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
  line('INFY', '2019-01-02', 'buy', 10, infyBuy, '61001'),
  line('SBIN', '2019-01-02', 'buy', 7, sbinBuy, '61002'),
  line('SBIN', '2019-01-03', 'sell', 3, sbinSell, '61003'),
  line('INFY', '2020-01-03', 'sell', 10, infySell, '61004'),
].join('\n');

/** A CSV line's cells, quotes taken off (the file quotes text cells). */
const cells = (text: string) => text.split(',').map((cell) => cell.replace(/^"|"$/g, ''));

describe('Tax P&L in the browser', () => {
  const journey = startedAroundTests({ bhavcopies: FILES }, async ({ app }) => {
    await createFirm(app, FIRM);
  });

  it('imports a tradebook, opens Tax P&L from Holdings, shows each year and downloads the CSV', async () => {
    const { page, errors, close } = await openPage(journey.browser, { width: 1366, height: 768 });
    await loginThroughUi(page, journey.app.baseUrl, DEMO.investor);
    await page.goto(`${journey.app.baseUrl}/accounts`);
    await page.getByRole('link', { name: FIRM }).click();
    await page.getByRole('button', { name: 'Equity' }).click();
    await page.getByRole('heading', { name: `${FIRM} Equity Holdings` }).waitFor();

    await page.getByTestId('import-tradebook-button').click();
    const dialog = page.getByRole('dialog', { name: 'Import tradebook' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(TRADEBOOK) });
    await dialog.getByTestId('import-preview').click();
    await dialog.getByTestId('import-symbols').waitFor();
    await dialog.getByTestId('import-confirm').click();
    await dialog.getByTestId('import-done').waitFor();
    await dialog.getByTestId('import-close').click();

    await page.getByTestId('holdings-tax-link').click();
    await page.waitForURL(`${journey.app.baseUrl}/tax-pnl`);
    // the newest year with sales first, then the older one, then the current year
    const picker = page.getByTestId('tax-year');
    await page.getByTestId('tax-summary').waitFor();
    expect(await picker.inputValue()).toBe('2019-20');
    const years = await picker
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(years.slice(0, 2)).toEqual(['2019-20', '2018-19']);
    expect(await page.getByTestId('tax-long-term-value').textContent()).toBe(rupees(longTermGain));
    expect(await page.getByTestId('tax-short-term-value').textContent()).toBe(rupees(0));
    // the summary is on the first screen at 1366×768
    const summaryBox = await page.getByTestId('tax-summary').boundingBox();
    expect(summaryBox!.y + summaryBox!.height).toBeLessThanOrEqual(768);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tax-download-capital-gains.csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/2019-20.*\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    const exit = cells(csv[1]!);
    expect(exit.slice(0, 2)).toEqual([FIRM, 'INFY']);
    expect(exit.slice(3, 7)).toEqual(['Long term', '10', '2019-01-02', '2020-01-03']);
    // amounts as plain numbers with 2 decimals, no ₹ or grouping (docs/product/common.md#csv-exports)
    for (const amount of [exit[7], exit[8], exit[12]]) expect(amount).toMatch(/^-?\d+\.\d{2}$/);
    expect(toPaise(exit[7]!)).toBe(10 * toPaise(infyBuy));
    expect(toPaise(exit[8]!)).toBe(10 * toPaise(infySell));
    expect(toPaise(exit[12]!)).toBe(longTermGain);
    // 2019 is not a leap year: 365 days to 02-Jan-2020, one more to the sale
    expect(exit[13]).toBe('366');

    // the other two files come through the same route, for this session only
    for (const file of ['schedule-112a.csv', 'capital-gains.xlsx']) {
      const answer = await page.request.get(`${journey.app.baseUrl}/downloads/tax/${file}?financialYear=2019-20`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-disposition']).toContain('attachment');
    }

    await picker.selectOption('2018-19');
    await page.waitForURL(`${journey.app.baseUrl}/tax-pnl?year=2018-19`);
    await expect.poll(() => page.getByTestId('tax-short-term-value').textContent()).toBe(rupees(shortTermGain));
    expect(await page.getByTestId('tax-long-term-value').textContent()).toBe(rupees(0));
    // Before you sell: the 4 SBIN still held, long term since 03-Jan-2020
    const lots = page.getByTestId('tax-open-lots');
    await lots.getByText('SBIN').first().waitFor();
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
