/**
 * The REST API dies under a logged-in browser: the web app says so clearly (a banner) instead of
 * breaking, every GraphQL query (generated from the schema) answers a typed error within 2 s, and
 * everything recovers when the API returns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginThroughUi, openPage } from '../web/e2e/harness.js';
import { startApi, startBff, type ServiceProcess } from './harness.js';
import { operationFor, schema } from '../bff/test/setup/schema-operations.js';

describe('REST API down under the web app', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-faults-web-'));
  let api: ServiceProcess | undefined;
  let bff: ServiceProcess | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
    api?.kill('SIGKILL');
    bff?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a clear message while the API is down and recovers when it returns', async () => {
    api = await startApi({ DATA_DIR: dataDir });
    bff = await startBff(api.url);
    browser = await launchBrowser();
    const { page } = await openPage(browser);
    await loginThroughUi(page, bff.url, { username: 'admin', password: 'Admin@123' });
    await page.goto(`${bff.url}/users`);
    await page.getByTestId('users-grid').getByText('investor@bazaar-insight.local').waitFor();

    const port = api.port;
    api.kill('SIGKILL');
    await api.exited();

    // a GraphQL read answers a typed error quickly
    const started = Date.now();
    const answer = await fetch(`${bff.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ serviceStatus { api } me { username } }' }),
    });
    const body = (await answer.json()) as {
      data: { serviceStatus: { api: string } } | null;
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(body.data?.serviceStatus.api).toBe('UNAVAILABLE');

    // every query of the schema, as the logged-in admin: a typed error (or cached public data) within 2 s
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const slowOrUntyped: string[] = [];
    for (const name of Object.keys(schema.getQueryType()!.getFields())) {
      const { query, variables } = operationFor('query', name, '1');
      const asked = Date.now();
      const reply = await fetch(`${bff.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ query, variables }),
      });
      const result = (await reply.json()) as {
        data?: Record<string, unknown> | null;
        errors?: Array<{ extensions?: { code?: string } }>;
      };
      const elapsed = Date.now() - asked;
      const codes = (result.errors ?? []).map((error) => error.extensions?.code);
      const typed = codes.length > 0 && codes.every((code) => code !== undefined && code !== 'INTERNAL_SERVER_ERROR');
      const served = codes.length === 0 && result.data?.[name] !== undefined;
      if (elapsed >= 2_000 || !(typed || served))
        slowOrUntyped.push(`${name}: ${elapsed} ms, ${codes.join(',') || 'data'}`);
    }
    expect(slowOrUntyped).toEqual([]);

    // the app shows the banner instead of breaking
    await page.getByTestId('sidebar').getByText('Roles').click();
    await page.getByTestId('offline-banner').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('offline-banner').textContent()).toContain('The server cannot be reached');
    expect(await page.getByTestId('navbar-username').textContent()).toBe('admin');

    // the API comes back on the same address with the same data
    api = await startApi({ DATA_DIR: dataDir }, port);
    await page.getByTestId('sidebar').getByText('Users').click();
    await page.getByTestId('users-grid').getByText('investor@bazaar-insight.local').waitFor();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 10_000 });
  });
});
