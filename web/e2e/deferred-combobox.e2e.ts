/**
 * The deferred comboboxes (web/src/components/form/deferred-combobox.tsx) used before their module is there, in
 * Chromium against the app as `npm start` runs it. The combobox chunk is held back (page.route) until the user has
 * acted on the placeholder, then let through:
 * - Upload's type select clicked, or pressed on while the chunk arrives, or reached with Tab and opened with a key:
 *   its options open once they are there and one can be chosen (docs/decisions.md#a-deferred-select-opens-on-the-first-click).
 * - The watch list's symbol box typed in: the text stays, the focus too, and the suggestions show once loaded.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { DEMO, loginThroughUi, openPage, relevantErrors, STATE_TIMEOUT_MS, startedAroundTests } from './harness';

/** The combobox module's chunk (web/src/components/form/combobox.deferred.tsx), as Vite names it. */
const COMBOBOX_CHUNK = /\/assets\/combobox\.deferred-[\w-]+\.js$/;

/** Holds every request for the combobox chunk of `page` until `release()`. */
async function holdCombobox(page: Page) {
  const held: Route[] = [];
  const urls: string[] = [];
  let released = false;
  await page.route(COMBOBOX_CHUNK, (route) => {
    urls.push(route.request().url());
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    /** The chunk's URL once it has been asked for. */
    requested: () => urls[0],
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** True when the input showing `placeholder` has the focus. */
function hasFocus(page: Page, placeholder: string): Promise<boolean> {
  return page.evaluate((text) => document.activeElement?.getAttribute('placeholder') === text, placeholder);
}

describe('deferred comboboxes used before their module arrives', () => {
  let staff: BrowserContext;
  /** Console errors and uncaught errors of the staff tabs. */
  const errors: string[] = [];
  const journey = startedAroundTests({ bhavcopies: ['02JAN2019.csv'] }, async ({ app, browser }) => {
    const opened = await openPage(browser, { width: 1366, height: 768 });
    await loginThroughUi(opened.page, app.baseUrl, DEMO.staff);
    await opened.page.close();
    staff = opened.context;
  });
  afterAll(async () => {
    await staff?.close();
  });

  /** A new tab of the staff session on /upload with the combobox chunk held back. */
  async function uploadPage() {
    const page = await staff.newPage();
    page.setDefaultTimeout(STATE_TIMEOUT_MS);
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const hold = await holdCombobox(page);
    await page.goto(`${journey.app.baseUrl}/upload`);
    await page.getByRole('heading', { name: 'Upload Files' }).waitFor();
    const field = page.getByPlaceholder('Choose Type of File');
    await expect.poll(() => field.isEnabled()).toBe(true); // the types have arrived
    return { page, hold, field };
  }

  /** The six kinds' options are shown; the one named `label` is chosen with a click. */
  async function choose(page: Page, label: string) {
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect.poll(() => page.getByPlaceholder('Choose Type of File').inputValue()).toBe(label);
    await page.getByTestId('upload-type-description').waitFor();
  }

  it('opens the type options clicked before they were loaded', async () => {
    const { page, hold, field } = await uploadPage();
    await field.click();
    await expect.poll(() => hold.requested()).toBeDefined();
    expect(await page.getByRole('option').count()).toBe(0);
    await hold.release();
    await page.getByRole('option', { name: 'Upload Stock Price', exact: true }).waitFor();
    expect(await page.getByRole('option').count()).toBe(7); // the seven upload types
    // opening them touched nothing: no "required" message yet
    expect(await page.getByText('Please select a file type.').count()).toBe(0);
    await choose(page, 'Upload Stock Price');
    expect(relevantErrors(errors)).toEqual([]);
    await page.close();
  });

  it('opens the type options when the module arrives while the pointer is down', async () => {
    const { page, hold, field } = await uploadPage();
    const box = (await field.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => hold.requested()).toBeDefined();
    await hold.release();
    // the module is evaluated (the app's own import resolves with it) and React has had its turns
    // (a string: vitest would rewrite an import() written in this file)
    await page.evaluate(`(async () => {
      await import(${JSON.stringify(hold.requested())});
      for (let turn = 0; turn < 3; turn += 1) await new Promise((done) => requestAnimationFrame(done));
    })()`);
    await page.mouse.up();
    await page.getByRole('option', { name: 'Upload Corporate Actions', exact: true }).waitFor();
    await choose(page, 'Upload Corporate Actions');
    await page.close();
  });

  it('opens the type options asked for with the keyboard before they were loaded', async () => {
    for (const key of ['Enter', 'Space', 'ArrowDown']) {
      const { page, hold, field } = await uploadPage();
      // Tab from the top of the page until the field has the focus
      for (let step = 0; step < 40 && !(await hasFocus(page, 'Choose Type of File')); step += 1) {
        await page.keyboard.press('Tab');
      }
      expect(await hasFocus(page, 'Choose Type of File')).toBe(true);
      await expect.poll(() => hold.requested()).toBeDefined(); // the focus loads it
      await page.keyboard.press(key);
      expect(page.url()).toBe(`${journey.app.baseUrl}/upload`); // Enter did not submit the form
      await hold.release();
      await page.getByRole('option', { name: 'Upload Stock', exact: true }).waitFor();
      expect(await hasFocus(page, 'Choose Type of File')).toBe(true);
      // the first option by the keyboard, as Mantine's Select takes it
      const first = ((await page.getByRole('option').first().textContent()) ?? '').trim();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => field.inputValue(), { message: key }).toBe(first);
      await page.close();
    }
  });

  it('keeps what was typed in the symbol box and shows the suggestions once loaded', async () => {
    const investor = await openPage(journey.browser, { width: 1366, height: 768 });
    const { page } = investor;
    await loginThroughUi(page, journey.app.baseUrl, DEMO.investor);
    const hold = await holdCombobox(page);
    await page.goto(`${journey.app.baseUrl}/stock-watch-list`);
    await page.getByText('Your watch list is empty').waitFor();
    const box = page.getByPlaceholder('Add a symbol…');
    await box.click();
    await expect.poll(() => hold.requested()).toBeDefined();
    await page.keyboard.type('INF');
    expect(await box.inputValue()).toBe('INF');
    await hold.release();
    // the suggestions for INF, from the real bhavcopy
    await page.getByRole('option', { name: 'INFY', exact: true }).waitFor();
    expect(await hasFocus(page, 'Add a symbol…')).toBe(true);
    await page.keyboard.type('Y');
    expect(await box.inputValue()).toBe('INFY');
    await page.getByRole('option', { name: 'INFY', exact: true }).click();
    await page.getByText('INFY added to your watch list').waitFor();
    expect(relevantErrors(investor.errors)).toEqual([]);
    await investor.close();
  });
});
