// The chunks each route of the web app loads before it is interactive, read from the Vite manifest of a build
// (web/dist/.vite/manifest.json) and the route table (web/src/app/routes.tsx). Shared by `npm run bench:bundle`
// (scripts/bundle-size.mjs: what each route weighs) and the build (scripts/build.mjs: web/dist/route-preloads.json,
// the page chunks the BFF names in a route's HTML so they download beside the shell; docs/decisions.md#route-preloads).
//
// A route's chunks: the app shell (the entry chunk and its static imports, transitively, and whatever the shell
// itself imports dynamically), the route's lazy page chunk with its static imports, and every chunk those import
// dynamically, transitively (the grid, the charts, lazy dialogs…). Dynamic imports of the route table's pages
// (another route) do not count, nor modules named `*.deferred.tsx` (or .ts/.jsx/.js): the code imports those only
// after the page is interactive (docs/decisions.md#charts-after-the-figures); they are collected apart as `later`.
import fs from 'node:fs';
import path from 'node:path';

export const DEFERRED = /\.deferred\.[jt]sx?$/;

/**
 * Reads the manifest and the route table. Throws an Error with a readable message when either is missing or empty.
 * @param {string} dist the build directory (web/dist)
 * @param {string} routesFile the route table (web/src/app/routes.tsx)
 */
export function routeChunks(dist, routesFile) {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error(`No Vite manifest at ${manifestPath}: build the web app first (node scripts/build.mjs).`);
  /** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

  /** The manifest keys of an entry and of everything it imports statically, transitively. */
  function staticClosure(key, keys = new Set()) {
    if (!manifest[key] || keys.has(key)) return keys;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) staticClosure(imported, keys);
    return keys;
  }

  /** The route table's lazy pages: a dynamic import of one is another route's. */
  const pageModules = new Set();

  /**
   * The static closure plus every dynamic import of it that is neither a route's page nor deferred, transitively.
   * The deferred imports met on the way are added to `later` (their keys).
   */
  function loadClosure(key, keys = new Set(), later = new Set()) {
    for (const found of staticClosure(key)) {
      if (keys.has(found)) continue;
      keys.add(found);
      for (const dynamic of manifest[found].dynamicImports ?? []) {
        if (pageModules.has(dynamic) || keys.has(dynamic)) continue;
        if (DEFERRED.test(dynamic)) later.add(dynamic);
        else loadClosure(dynamic, keys, later);
      }
    }
    return keys;
  }

  /** The distinct JavaScript files of some manifest keys. */
  const jsFiles = (keys) => [...new Set([...keys].map((key) => manifest[key].file))].filter((f) => f.endsWith('.js'));

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');

  // route → lazily imported page module, read from the route table (one line or several)
  /** @type {{path: string, key: string}[]} */
  const routes = [];
  const missing = [];
  const routeEntry = /path: '([^']+)',\s*page: lazy\(\(\) => import\('\.\.\/(features\/[^']+)'\)\)/g;
  for (const match of fs.readFileSync(routesFile, 'utf8').matchAll(routeEntry)) {
    const key = `src/${match[2]}.tsx`;
    pageModules.add(key);
    if (manifest[key]) routes.push({ path: match[1], key });
    else missing.push(`(no chunk for ${match[1]}: ${key})`);
  }
  if (routes.length === 0) throw new Error(`No routes read from ${routesFile}.`);

  // The shell: the entry, its static imports, and what it imports dynamically besides the pages (every route loads it).
  const shellLater = new Set();
  const shell = loadClosure(entryKey, new Set(), shellLater);

  return { manifest, entryKey, routes, missing, shell, shellLater, staticClosure, loadClosure, jsFiles };
}

/**
 * Per route, the JavaScript files of its page chunk and the page's static imports beyond the shell's, as
 * `/assets/…` URLs: web/dist/route-preloads.json. Not the page's dynamic imports (the grid): on a phone the tables
 * are card lists and the grid never loads, and preloading it there (176 KiB brotli) delayed the first paint under
 * Lighthouse's slow 4G (docs/decisions.md#route-preloads).
 * @param {ReturnType<typeof routeChunks>} chunks
 * @returns {{pattern: string, files: string[]}[]}
 */
export function routePreloads(chunks) {
  const shellFiles = new Set(chunks.jsFiles(chunks.shell));
  return chunks.routes.map((route) => ({
    pattern: route.path,
    files: chunks
      .jsFiles(chunks.staticClosure(route.key))
      .filter((file) => !shellFiles.has(file))
      .map((file) => `/${file}`),
  }));
}
