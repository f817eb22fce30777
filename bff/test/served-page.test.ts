/**
 * The served page (docs/decisions.md#the-first-paint-from-the-html): the BFF writes the market-data status and, on
 * Company Analysis, the company's name into the places the build left in index.html, HTML-escaped; a build without
 * those places goes out as built; when the REST API cannot tell, the page goes out without them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { SERVED_PAGE } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBffServer } from '../src/app.js';
import { pageWithState } from '../src/http/web-app.js';
import { startStack, type Stack } from './setup/stack.js';

const { statusMarker, companyNameSlot, companySymbolSlot } = SERVED_PAGE;
// a stand-in of the built page (web/vite.config.ts): the status marker in <head>, the heading's slots in #root
const BUILT = [
  '<!doctype html><html lang="en"><head><title>Bazaar Insight</title>',
  `  ${statusMarker}`,
  '</head><body><div id="root">',
  `<h1 title="${companyNameSlot}">${companyNameSlot} (${companySymbolSlot}) · Company Analysis</h1>`,
  '</div></body></html>',
].join('\n');
// a name with every character that means something in HTML
const NAME = `Tom & Jerry's <script>alert("x")</script> Ltd`;
const ESCAPED_NAME = 'Tom &#38; Jerry&#39;s &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Ltd';

function webDirWith(html: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-served-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  return dir;
}

async function page(url: string): Promise<{ status: number; text: string; encoding: string | null }> {
  const answer = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  return { status: answer.status, text: await answer.text(), encoding: answer.headers.get('content-encoding') };
}

describe('the served page', () => {
  let stack: Stack;
  let webDir: string;

  beforeAll(async () => {
    webDir = webDirWith(BUILT);
    stack = await startStack({ bff: { webDistDir: webDir } });
    await stack.api.handle.db.execute(
      sql`insert into companies (symbol, company_name, series) values ('TOMJER', ${NAME}, 'EQ')`,
    );
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("carries the REST API's market-data status in place of the marker; no demo mark without the demo market", async () => {
    const status = (await (await fetch(`${stack.api.baseUrl}/insight/public/uploads/market-data-status`)).json()) as {
      demo: boolean;
    };
    expect(status.demo).toBe(false);
    const served = await page(`${stack.bffUrl}/stock-price`);
    expect(served.status).toBe(200);
    expect(served.text).toContain(
      `<script id="${SERVED_PAGE.statusScriptId}" type="application/json">${JSON.stringify(status)}</script>`,
    );
    expect(served.text).not.toContain(statusMarker);
    expect(served.text).toContain('<html lang="en">');
    // no company here: the heading's slots stay as built (the page's CSS hides that heading)
    expect(served.text).toContain(`${companyNameSlot} (${companySymbolSlot})`);
  });

  it("writes Company Analysis' company in, HTML-escaped, and marks the page so its heading shows", async () => {
    const served = await page(`${stack.bffUrl}/company-analysis/tomjer`);
    expect(served.status).toBe(200);
    expect(served.text).toContain(`<h1 title="${ESCAPED_NAME}">${ESCAPED_NAME} (TOMJER) · Company Analysis</h1>`);
    expect(served.text).not.toContain('<script>alert');
    expect(served.text).toContain(`<html ${SERVED_PAGE.pageAttribute}="${SERVED_PAGE.companyAnalysisPage}" lang="en">`);
  });

  it('leaves the slots and the page unmarked for a symbol nobody knows or an address that is not a symbol', async () => {
    for (const address of ['/company-analysis/NOSUCH', '/company-analysis/%3Cscript%3E', '/company-analysis/A/B']) {
      const served = await page(`${stack.bffUrl}${address}`);
      expect(served.status, address).toBe(200);
      expect(served.text, address).toContain(`${companyNameSlot} (${companySymbolSlot})`);
      expect(served.text, address).not.toContain(SERVED_PAGE.pageAttribute);
    }
  });

  it('marks the page for the demo market (the served banner shows)', () => {
    const demo = pageWithState(BUILT, {
      marketDataStatus: { demo: true, latestPriceDate: '2025-06-30' },
      company: null,
    });
    expect(demo).toContain(`<html ${SERVED_PAGE.demoMarketAttribute} lang="en">`);
    expect(demo).toContain('{"demo":true,"latestPriceDate":"2025-06-30"}</script>');
  });

  it('keeps a "<" in the status from ending its script element', () => {
    const odd = pageWithState(BUILT, {
      marketDataStatus: { demo: false, latestPriceDate: '</script>' },
      company: null,
    });
    expect(odd).toContain('"latestPriceDate":"\\u003c/script>"');
    expect(odd.match(/<\/script>/g)).toHaveLength(1);
  });

  it('sends a build without the marker as built, precompressed', async () => {
    const plainDir = webDirWith('<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const bff = await createBffServer({ ...stack.config, webDistDir: plainDir });
    const port = await bff.listen(0, '127.0.0.1');
    try {
      const served = await page(`http://127.0.0.1:${port}/holdings`);
      expect(served.status).toBe(200);
      expect(served.encoding).toBe('br');
      expect(served.text).toBe('<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    } finally {
      await bff.close();
      fs.rmSync(plainDir, { recursive: true, force: true });
    }
  });

  it('sends the page without the status when the REST API cannot be reached', async () => {
    const bff = await createBffServer({
      ...stack.config,
      webDistDir: webDir,
      // nothing listens on port 9 (discard) here: every call fails at once
      restApiUrl: 'http://127.0.0.1:9/api',
      insightApiUrl: 'http://127.0.0.1:9/insight',
    });
    const port = await bff.listen(0, '127.0.0.1');
    try {
      const served = await page(`http://127.0.0.1:${port}/company-analysis/TOMJER`);
      expect(served.status).toBe(200);
      expect(served.text).not.toContain(statusMarker);
      expect(served.text).not.toContain(SERVED_PAGE.statusScriptId);
      expect(served.text).toContain(`${companyNameSlot} (${companySymbolSlot})`);
    } finally {
      await bff.close();
    }
  });
});
