import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './setup/stack.js';

describe('security headers of the web app and GraphQL', () => {
  let stack: Stack;
  let webDir: string;
  beforeAll(async () => {
    // a stand-in build of the web app, so this test does not depend on `vite build`
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    stack = await startStack({ bff: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the app with a strict CSP, frame denial and no sniffing', async () => {
    const response = await fetch(`${stack.bffUrl}/technical-analysis`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year and answers 404 for missing ones (no SPA fallback)', async () => {
    const asset = await fetch(`${stack.bffUrl}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${stack.bffUrl}/assets/missing.js`)).status).toBe(404);
  });

  it('sends no CORS headers to other origins', async () => {
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ query: '{ serviceStatus { bff } }' }),
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers bad JSON with a clear 400, not a stack trace', async () => {
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/at .*\.js:\d+/);
    expect(JSON.parse(text)).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
  });
});
