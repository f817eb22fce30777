import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildASTSchema, getIntrospectionQuery, graphqlSync, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './setup/stack.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (not decompressed). */
  body: Buffer;
}

/** One request over plain HTTP, so the test sees the encoding and the bytes as a browser receives them. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

const CHROME = 'gzip, deflate, br, zstd';
const GZIP_ONLY = 'gzip';

describe('compressed answers: the built app and GraphQL', () => {
  let stack: Stack;
  let webDir: string;
  // a stand-in build as `vite build` leaves it (web/vite.config.ts): hashed assets with .br and .gz beside them
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const html = `<!doctype html><html><head><title>Bazaar Insight</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const maxResponseBytes = 64 * 1024;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    const write = (name: string, text: string) => {
      const file = path.join(webDir, name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    };
    write('assets/index-abc123.js', script);
    write('index.html', html);
    // a file the build left without variants (e.g. an older build) is still served, as it is
    fs.writeFileSync(path.join(webDir, 'assets', 'plain-def456.css'), 'body { margin: 0 }');
    stack = await startStack({ bff: { webDistDir: webDir, maxResponseBytes } });
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed to a browser, cached for a year', async () => {
    const answer = await raw(`${stack.bffUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': CHROME } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(decoded(answer)).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip, and the file as it is to one that accepts neither', async () => {
    const gzip = await raw(`${stack.bffUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': GZIP_ONLY } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gzip)).toBe(script);

    const refused = await raw(`${stack.bffUrl}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString('utf8')).toBe(script);

    const none = await raw(`${stack.bffUrl}/assets/index-abc123.js`);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(none.body.toString('utf8')).toBe(script);
  });

  it('serves a file without variants as it is, and answers 404 for a missing asset', async () => {
    const plain = await raw(`${stack.bffUrl}/assets/plain-def456.css`, { headers: { 'accept-encoding': CHROME } });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe('body { margin: 0 }');
    const missing = await raw(`${stack.bffUrl}/assets/missing-000.js`, { headers: { 'accept-encoding': CHROME } });
    expect(missing.status).toBe(404);
  });

  it('sends the app page compressed and never cached without asking (no-cache), on every route', async () => {
    for (const route of ['/', '/stock-price', '/index.html']) {
      const answer = await raw(`${stack.bffUrl}${route}`, { headers: { 'accept-encoding': CHROME } });
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(answer.headers['content-type'], route).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(decoded(answer), route).toBe(html);
    }
    const gzip = await raw(`${stack.bffUrl}/technical-analysis`, { headers: { 'accept-encoding': GZIP_ONLY } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('no-cache');
    expect(decoded(gzip)).toBe(html);
  });

  const graphql = (query: string, acceptEncoding?: string) =>
    raw(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      body: JSON.stringify({ query }),
    });

  it('compresses GraphQL answers of 1 KB and more (brotli, else gzip), and leaves small ones alone', async () => {
    const query = '{ __schema { types { name description } } }';
    const plain = await graphql(query);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);

    const br = await graphql(query, CHROME);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(text));

    const gzip = await graphql(query, GZIP_ONLY);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse(text));

    const small = await graphql('{ serviceStatus { bff } }', CHROME);
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ data: { serviceStatus: { bff: 'OK' } } });
  });

  it('measures MAX_RESPONSE_BYTES on the answer before compression', async () => {
    // the whole introspection answer, computed here from the same SDL files: over the limit as JSON, under it
    // compressed
    const query = getIntrospectionQuery({ descriptions: true });
    const sdl = fs
      .readdirSync(stack.config.schemaDir)
      .filter((name) => name.endsWith('.graphql'))
      .map((name) => fs.readFileSync(path.join(stack.config.schemaDir, name), 'utf8'))
      .join('\n');
    const schema = buildASTSchema(parse(sdl), { assumeValidSDL: true });
    const local = JSON.stringify(graphqlSync({ schema, source: query }));
    expect(Buffer.byteLength(local)).toBeGreaterThan(maxResponseBytes);
    expect(zlib.brotliCompressSync(local).length).toBeLessThan(maxResponseBytes);

    const answer = await graphql(query, CHROME);
    expect(answer.status).toBe(413);
    const body = JSON.parse(decoded(answer)) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
