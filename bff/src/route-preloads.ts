/**
 * The app's page for one route with that route's chunks named up front (docs/decisions.md#route-preloads): the build
 * writes web/dist/route-preloads.json ([{ pattern: '/company-analysis/:symbol', files: ['/assets/…js'] }], a
 * route's page chunk and its static imports beyond the shell's: scripts/lib/route-chunks.mjs), and the answer for a path
 * that matches a pattern carries `<link rel="modulepreload">` for them before `</head>`, so the browser fetches
 * them beside the shell instead of after the shell has run. Each route's page is built and compressed once, on its
 * first request, and kept in memory (a few KiB per route). Without the file (an older build), with a file that
 * does not read, or for a path of no route, there is no page here and the plain index.html is sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Encoding } from './compression.js';

interface RoutePreload {
  pattern: string;
  files: string[];
}

/** One route's page: the HTML and its compressed variants, made on first use. */
interface RoutePage {
  html: Buffer;
  variants: Partial<Record<Encoding, Buffer>>;
}

export interface RoutePreloads {
  /** The page for `pathname` in `encoding` (null: as it is), or null when no route matches (send index.html). */
  page(pathname: string, encoding: Encoding | null): Buffer | null;
}

const ASSET = /^\/assets\/[\w.-]+\.js$/;

/** A route pattern as a regular expression: `:name` is one path segment; a trailing slash is allowed. */
function matcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function compressed(encoding: Encoding, html: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.gzipSync(html, { level: 9 });
}

/** Reads `<root>/route-preloads.json` and `<root>/index.html` once; see the top. */
export function routePreloads(root: string): RoutePreloads {
  let routes: { match: RegExp; links: string }[] = [];
  let index = '';
  try {
    index = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(root, 'route-preloads.json'), 'utf8'));
    if (Array.isArray(parsed) && index.includes('</head>'))
      routes = (parsed as RoutePreload[])
        .filter((route) => typeof route?.pattern === 'string' && Array.isArray(route.files))
        .map((route) => ({
          match: matcher(route.pattern),
          // only names the build writes: nothing from the file reaches the HTML unchecked
          links: route.files
            .filter((file) => typeof file === 'string' && ASSET.test(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="${file}">\n  `)
            .join(''),
        }))
        .filter((route) => route.links !== '');
  } catch {
    routes = []; // no file (an older build) or not readable: the plain index.html
  }
  const pages = new Map<RegExp, RoutePage>();
  return {
    page(pathname, encoding) {
      const route = routes.find((candidate) => candidate.match.test(pathname));
      if (!route) return null;
      let page = pages.get(route.match);
      if (!page) {
        page = { html: Buffer.from(index.replace('</head>', `${route.links}</head>`)), variants: {} };
        pages.set(route.match, page);
      }
      if (!encoding) return page.html;
      return (page.variants[encoding] ??= compressed(encoding, page.html));
    },
  };
}
