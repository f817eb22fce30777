/**
 * Production serves no GraphQL explorer unless GRAPHQL_EXPLORER asks for it
 * (docs/decisions.md#no-explorers-in-production): /graphql-explorer/ answers 404 (not the web
 * app's page) and /graphql never answers Altair's page, while development keeps both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createBffServer, type BffServer } from '../../src/app.js';

const ALTAIR = /altair/i;

async function started(env: NodeJS.ProcessEnv): Promise<{ server: BffServer; url: string }> {
  const server = await createBffServer(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  const port = await server.listen(0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${port}` };
}

describe('the GraphQL explorer', () => {
  let webDir: string;
  const servers: BffServer[] = [];
  beforeAll(() => {
    // a stand-in build of the web app: its fallback page must not stand in for the explorer either
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('is off by default in production, on elsewhere, and GRAPHQL_EXPLORER decides when set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphqlExplorer).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).graphqlExplorer).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_EXPLORER: '1' }).graphqlExplorer).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', GRAPHQL_EXPLORER: 'false' }).graphqlExplorer).toBe(false);
  });

  it('is not served in production', async () => {
    const { server, url } = await started({ NODE_ENV: 'production', WEB_DIST_DIR: webDir });
    servers.push(server);
    for (const address of ['/graphql-explorer/', '/graphql-explorer/index.html', '/graphql-explorer/main.js']) {
      const response = await fetch(`${url}${address}`, { headers: { accept: 'text/html' } });
      expect(response.status, address).toBe(404);
      expect(await response.text()).not.toMatch(ALTAIR);
    }
    const page = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(ALTAIR);
    // the web app itself is still served
    expect(await (await fetch(`${url}/some-page`)).text()).toContain('<div id="root">');
  });

  it('is served in development', async () => {
    const { server, url } = await started({ NODE_ENV: 'development', WEB_DIST_DIR: webDir });
    servers.push(server);
    const page = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(ALTAIR);
    expect((await fetch(`${url}/graphql-explorer/`)).status).toBe(200);
  });
});
