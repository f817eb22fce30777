import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePreloads } from '../src/route-preloads.js';
import { startStack, type Stack } from './setup/stack.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over plain HTTP, so the test sees the encoding and the bytes as a browser receives them. */
function raw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** The modulepreload links of a page, in order. */
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

const CHROME = 'gzip, deflate, br, zstd';

// A stand-in build: a Vite manifest and route table of the shapes the real ones have (web/dist/.vite/manifest.json,
// web/src/app/routes.tsx), turned into route-preloads.json by the build's own code (scripts/lib/route-chunks.mjs).
const routesTable = `export const routes = [
  { path: '/', page: lazy(() => import('../features/home/pages/dashboard-page')), access: 'login' },
  { path: '/holdings', page: lazy(() => import('../features/portfolio/pages/holdings-page')), access: 'login' },
  {
    path: '/company-analysis/:symbol',
    page: lazy(() => import('../features/company/pages/company-analysis-page')),
  },
];
`;
const manifest = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_react-r1.js'],
    dynamicImports: [
      'src/features/home/pages/dashboard-page.tsx',
      'src/features/portfolio/pages/holdings-page.tsx',
      'src/features/company/pages/company-analysis-page.tsx',
    ],
  },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_money-m1.js': { file: 'assets/money-m1.js', imports: ['_react-r1.js'] },
  'src/features/home/pages/dashboard-page.tsx': {
    file: 'assets/dashboard-page-d1.js',
    imports: ['_react-r1.js', '_money-m1.js'],
    // a link to another route's page is that route's, not this one's
    dynamicImports: ['src/features/portfolio/pages/holdings-page.tsx'],
  },
  'src/features/portfolio/pages/holdings-page.tsx': {
    file: 'assets/holdings-page-h1.js',
    imports: ['_react-r1.js', '_money-m1.js'],
    dynamicImports: ['src/components/grid/ag-grid-table.tsx', 'src/features/portfolio/import.deferred.tsx'],
  },
  'src/components/grid/ag-grid-table.tsx': { file: 'assets/ag-grid-table-g1.js', css: ['assets/grid-g1.css'] },
  'src/features/portfolio/import.deferred.tsx': { file: 'assets/import.deferred-i1.js' },
  'src/features/company/pages/company-analysis-page.tsx': {
    file: 'assets/company-analysis-page-c1.js',
    imports: ['_react-r1.js'],
  },
};
const indexHtml = `<!doctype html><html><head><title>Bazaar Insight</title><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r1.js"></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

function standInBuild(withPreloads: boolean): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-preloads-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'routes.tsx'), routesTable);
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(indexHtml));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(indexHtml));
  if (!withPreloads) return Promise.resolve(dir);
  const module = pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/lib/route-chunks.mjs')).href;
  return import(module).then((chunks: Record<string, (...args: unknown[]) => unknown>) => {
    const preloads = chunks.routePreloads!(chunks.routeChunks!(dir, path.join(dir, 'routes.tsx')));
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(preloads));
    return dir;
  });
}

describe("a route's page names its chunks (modulepreload)", () => {
  let stack: Stack;
  let webDir: string;

  beforeAll(async () => {
    webDir = await standInBuild(true);
    stack = await startStack({ bff: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("writes, per route, its page chunk and the page's static imports: not the shell's, another page's or dynamic ones", () => {
    const written = JSON.parse(fs.readFileSync(path.join(webDir, 'route-preloads.json'), 'utf8')) as unknown;
    // the page chunk first; the grid is a dynamic import that a phone never loads (tables are cards there)
    expect(written).toEqual([
      { pattern: '/', files: ['/assets/dashboard-page-d1.js', '/assets/money-m1.js'] },
      {
        pattern: '/holdings',
        files: ['/assets/holdings-page-h1.js', '/assets/money-m1.js'],
      },
      { pattern: '/company-analysis/:symbol', files: ['/assets/company-analysis-page-c1.js'] },
    ]);
  });

  it('sends /holdings with its page chunk preloaded, compressed and revalidated as index.html is', async () => {
    const answer = await raw(`${stack.bffUrl}/holdings`, { 'accept-encoding': CHROME });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    const html = decoded(answer);
    expect(preloaded(html)).toEqual([
      '/assets/react-r1.js', // the shell's, as the build wrote it
      '/assets/holdings-page-h1.js',
      '/assets/money-m1.js',
    ]);
    // the links go in the head; the rest of the page is the build's
    expect(html.replace(/<link rel="modulepreload" crossorigin href="\/assets\/(?!react)[^"]+">\n {2}/g, '')).toBe(
      indexHtml,
    );
    expect(html.indexOf('holdings-page-h1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('ag-grid');
    expect(html).not.toContain('deferred');

    const gzip = await raw(`${stack.bffUrl}/holdings`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(html);
    const plain = await raw(`${stack.bffUrl}/holdings/`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(html);

    // revalidation: unchanged → 304, as for index.html
    const again = await raw(`${stack.bffUrl}/holdings`, {
      'accept-encoding': CHROME,
      'if-none-match': String(answer.headers.etag),
    });
    expect(answer.headers.etag).toBeTruthy();
    expect(again.status).toBe(304);
  });

  it("sends / with the dashboard's chunks and none of the holdings page; a route's parameter matches one segment", async () => {
    const home = decoded(await raw(`${stack.bffUrl}/`, { 'accept-encoding': CHROME }));
    expect(preloaded(home)).toEqual(['/assets/react-r1.js', '/assets/dashboard-page-d1.js', '/assets/money-m1.js']);
    expect(home).not.toContain('holdings-page');
    expect(home).not.toContain('ag-grid');

    const analysis = decoded(await raw(`${stack.bffUrl}/company-analysis/TCS`, { 'accept-encoding': CHROME }));
    expect(preloaded(analysis)).toEqual(['/assets/react-r1.js', '/assets/company-analysis-page-c1.js']);
  });

  it('sends index.html as built for a path of no route', async () => {
    for (const route of ['/no-such-page', '/company-analysis/TCS/more', '/holdingsx']) {
      const answer = await raw(`${stack.bffUrl}${route}`, { 'accept-encoding': CHROME });
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(decoded(answer), route).toBe(indexHtml);
    }
  });

  it('without route-preloads.json (an older build) has no page of its own: index.html is sent', async () => {
    const older = await standInBuild(false);
    try {
      const preloads = routePreloads(older);
      expect(preloads.page('/holdings', 'br')).toBeNull();
      expect(preloads.page('/', null)).toBeNull();
      fs.writeFileSync(path.join(older, 'route-preloads.json'), '{ not json');
      expect(routePreloads(older).page('/holdings', 'gzip')).toBeNull();
    } finally {
      fs.rmSync(older, { recursive: true, force: true });
    }
  });
});
