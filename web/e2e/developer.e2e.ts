/**
 * The Developer page in Chromium against the app as `npm start` runs it (docs/product/developer.md#developer), with
 * one real bhavcopy (2 January 2019) so a key has something to read:
 * - an investor opens Developer from the sidebar, makes a key with market:read and portfolio:read, sees its secret
 *   once, and the secret works: the GraphQL answer to it carries the quota's headers;
 * - the list shows the key (name, scopes, prefix, expiry, never used; then last used from this machine);
 * - revoking it after a confirmation empties the list, and the key is refused (401 saying it was revoked);
 * - on a phone (390×844) the list is cards with the same facts and a Revoke button.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, loginThroughUi, openPage, relevantErrors, startedAroundTests, type RunningApp } from './harness';
import { logIn } from './pages';

/** Asks GraphQL for the key's own rate limit with the key; the HTTP status and the quota's header. */
async function askWithKey(app: RunningApp, key: string) {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ rateLimit { limit remaining } }' }),
  });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  return { status: response.status, limit: response.headers.get('x-ratelimit-limit'), body };
}

describe('the Developer page in the browser', () => {
  const journey = startedAroundTests({ bhavcopies: ['02JAN2019.csv'] });

  it('makes a key, shows its secret once, lists it and revokes it', async () => {
    const { page, errors, close } = await openPage(journey.browser, { width: 1366, height: 768 });
    await loginThroughUi(page, journey.app.baseUrl, DEMO.investor);
    await page.getByRole('link', { name: 'Developer' }).first().click();
    await page.getByText('You have no API keys').waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('e2e sync');
    await dialog.getByRole('checkbox', { name: /portfolio:read/ }).check();
    // keyboard: the lifetime typed over the offered 90 days, then Enter submits
    await dialog.getByLabel('Expires in days').fill('30');
    await dialog.getByLabel('Expires in days').press('Enter');

    const secret = page.getByTestId('api-key-secret');
    await secret.waitFor();
    expect(await secret.textContent()).toContain('it will not be shown again');
    const key = ((await page.getByTestId('api-key-secret-value').textContent()) ?? '').trim();
    expect(key).toMatch(/^bzk_/);

    // the secret is a working key: GraphQL answers it with the free quota's headers
    const used = await askWithKey(journey.app, key);
    expect(used.status).toBe(200);
    expect(used.limit).toBe('5000');

    const row = page.getByTestId('api-keys').locator('.ag-row', { hasText: 'e2e sync' }).first();
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('market:read');
    expect(rowText).toContain('portfolio:read');
    expect(rowText).toContain(key.slice(0, 8));
    // 30 days from now: not flagged as expiring soon
    expect(rowText).not.toContain('Expires in');

    // once stored, the secret is gone from the page for good
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await secret.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);

    // the list shows where the key was last used once it is read again
    await page.reload();
    await expect
      .poll(async () => (await page.getByTestId('api-keys').locator('.ag-row').first().textContent()) ?? '')
      .toMatch(/from \S+/);

    await page.getByTestId('api-keys').locator('.ag-row').first().getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    expect(await confirm.textContent()).toContain('Revoke the key e2e sync');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The key "e2e sync" was revoked').waitFor();
    await page.getByText('You have no API keys').waitFor();

    const refused = await askWithKey(journey.app, key);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).toContain('This API key was revoked');
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });

  it('lists keys as cards on a phone', async () => {
    const session = await fetch(`${journey.app.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    const { token } = (await session.json()) as { token: string };
    const made = await fetch(`${journey.app.apiUrl}/api/user/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'weekly report', scopes: ['market:read'], expiresInDays: 7 }),
    });
    expect(made.status).toBe(201);

    const { page, errors, close } = await openPage(journey.browser, { width: 390, height: 844 });
    await logIn(page, journey.app.baseUrl, DEMO.admin);
    await page.goto(`${journey.app.baseUrl}/developer`);
    const card = page.getByTestId('data-grid-card').filter({ hasText: 'weekly report' });
    await card.waitFor();
    // 7 days from now is within 7 days: flagged, and the page says what to do
    expect(await card.textContent()).toMatch(/Expires in 7 days|Expires in 6 days/);
    expect(await page.getByTestId('api-keys-attention').textContent()).toContain('1 key expires within 7 days');
    expect(await card.getByRole('button', { name: 'Revoke' }).count()).toBe(1);
    // nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(relevantErrors(errors)).toEqual([]);
    await close();
  });
});
