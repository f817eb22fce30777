// `npm run bench:bundle`: the JavaScript (gzip) each route loads before it is interactive, from the Vite manifest of
// the built web app (web/dist/.vite/manifest.json; `node scripts/build.mjs` first), against the budgets of
// docs/decisions.md#bundle-size.
//
// A route's JavaScript: the app shell (the entry chunk and its static imports, transitively, and whatever the shell
// itself imports dynamically: a lazy part of the layout loads on every route), the route's lazy page chunk with its
// static imports, and every chunk those import dynamically, transitively (the grid, the charts, lazy dialogs…): the
// grid and the charts are dynamic imports that a page starts at once when it shows a table or a chart, so they
// count. Dynamic imports of the route table's pages (another route) do not. Counting every dynamic import is on the
// safe side: a dialog that loads on click counts too, unless it is named as loading later:
//
// A module named `*.deferred.tsx` (or .ts/.jsx/.js) is one that the code imports only after the page is interactive:
// on a click, or once the page has been drawn and the browser is idle (the charts of Company Analysis). Its chunks,
// where nothing else already loads them, are reported apart in the "later" column and do not count against the
// budget (docs/decisions.md#charts-after-the-figures). The measure is per chunk: when one chunk holds both a deferred
// and an immediate import of the same library, the immediate one counts, so a misplaced name can only overstate.
//
// Budgets (gzip): pages without grid or charts ≤ 250 KiB, pages with the grid or charts ≤ 400 KiB, Company Analysis
// ≤ 450 KiB. Sizes are gzip level 6 (what HTTP servers use by default; the BFF sends brotli when the browser accepts
// it, which is smaller still). Exits non-zero when a budget is missed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'web/dist'));
const ROUTES_FILE = process.env.ROUTES_FILE ?? path.join(ROOT, 'web/src/app/routes.tsx');

const BUDGETS_KIB = { plain: 250, grid: 400, analysis: 450 };
const ANALYSIS_ROUTE = '/company-analysis/:symbol';
/** Libraries that only some pages may load, recognised by their chunk's manifest key or file name. */
const LIBRARIES = {
  grid: { label: 'AG Grid', pattern: /ag-grid/i },
  charts: { label: 'ApexCharts', pattern: /apex/i },
};

const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}: build the web app first (node scripts/build.mjs).`);
  process.exit(2);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
/** gzip size in bytes of one built file. */
function gzipBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 6 }).length);
  return gzipCache.get(file);
}

/** The manifest keys of an entry and of everything it imports statically, transitively. */
function staticClosure(key, keys = new Set()) {
  if (!manifest[key] || keys.has(key)) return keys;
  keys.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, keys);
  return keys;
}

const DEFERRED = /\.deferred\.[jt]sx?$/;

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

const kib = (bytes) => bytes / 1024;
const jsFiles = (keys) => [...new Set([...keys].map((key) => manifest[key].file))].filter((f) => f.endsWith('.js'));
const sum = (files) => files.reduce((total, file) => total + gzipBytes(file), 0);
const uses = (keys, library) =>
  [...keys].some((key) => library.pattern.test(key) || library.pattern.test(manifest[key].file));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}
/** The route table's lazy pages: a dynamic import of one is another route's. Filled from the route table below. */
const pageModules = new Set();

// route → lazily imported page module, read from the route table (one line or several)
const routes = [];
const routeEntry = /path: '([^']+)',\s*page: lazy\(\(\) => import\('\.\.\/(features\/[^']+)'\)\)/g;
for (const match of fs.readFileSync(ROUTES_FILE, 'utf8').matchAll(routeEntry)) {
  const key = `src/${match[2]}.tsx`;
  pageModules.add(key);
  if (manifest[key]) routes.push({ path: match[1], key });
  else console.warn(`(no chunk for ${match[1]}: ${key})`);
}
if (routes.length === 0) {
  console.error(`No routes read from ${ROUTES_FILE}.`);
  process.exit(2);
}

// The shell: the entry, its static imports, and what it imports dynamically besides the pages (every route loads it).
const shellLater = new Set();
const shell = loadClosure(entryKey, new Set(), shellLater);
const shellLazy = jsFiles([...shell].filter((key) => !staticClosure(entryKey).has(key)));

const allJs = fs
  .readdirSync(path.join(DIST, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);
const totalBytes = sum(allJs);
const shellFiles = jsFiles(shell);
const shellBytes = sum(shellFiles);

console.log(`web build: ${DIST}`);
console.log(`all JavaScript: ${kib(totalBytes).toFixed(1)} KiB gzip in ${allJs.length} files`);
console.log(
  `app shell (entry + static imports + its own lazy loads, every route): ${kib(shellBytes).toFixed(1)} KiB gzip in ${shellFiles.length} files` +
    (shellLazy.length ? ` (lazy: ${shellLazy.join(', ')})` : ' (no lazy loads of its own)'),
);
for (const library of Object.values(LIBRARIES)) {
  const files = jsFiles(Object.keys(manifest).filter((key) => uses([key], library)));
  console.log(`  ${library.label}: ${kib(sum(files)).toFixed(1)} KiB gzip (${files.join(', ') || 'no chunk'})`);
}

const rows = routes
  .map((route) => {
    const laterRoots = new Set(shellLater);
    const keys = new Set([...shell, ...loadClosure(route.key, new Set(), laterRoots)]);
    // what the deferred imports bring that is not loaded already (their own later imports included)
    const laterKeys = new Set();
    for (const root of laterRoots) for (const key of loadClosure(root, new Set(), laterRoots)) laterKeys.add(key);
    const laterFiles = jsFiles([...laterKeys].filter((key) => !keys.has(key))).filter(
      (file) => !jsFiles(keys).includes(file),
    );
    const grid = uses(keys, LIBRARIES.grid);
    const charts = uses(keys, LIBRARIES.charts);
    const laterLibraries = Object.entries(LIBRARIES)
      .filter(([, library]) => laterFiles.some((file) => library.pattern.test(file)))
      .map(([name]) => name);
    const kind =
      route.path === ANALYSIS_ROUTE ? 'analysis' : grid || charts || laterLibraries.length ? 'grid' : 'plain';
    const bytes = sum(jsFiles(keys));
    const laterBytes = sum(laterFiles);
    return { ...route, grid, charts, kind, bytes, laterBytes, laterLibraries, budget: BUDGETS_KIB[kind] };
  })
  .sort((a, b) => b.bytes - a.bytes);

console.log(`\nJavaScript per route before it is interactive (gzip), largest first:`);
console.log(`  (later: loaded once the page is interactive, by *.deferred modules; not in the budget)`);
console.log(
  `  ${'route'.padEnd(28)} ${'KiB'.padStart(7)}  ${'budget'.padStart(6)}  ${'loads'.padEnd(14)} ${'verdict'.padEnd(7)} later`,
);
for (const row of rows) {
  const loads = [row.grid && 'grid', row.charts && 'charts'].filter(Boolean).join(' + ') || '-';
  const verdict = kib(row.bytes) <= row.budget ? 'ok' : 'OVER';
  const later = row.laterBytes
    ? `+${kib(row.laterBytes).toFixed(1)} KiB${row.laterLibraries.length ? ` (${row.laterLibraries.join(' + ')})` : ''}`
    : '';
  console.log(
    `  ${row.path.padEnd(28)} ${kib(row.bytes).toFixed(1).padStart(7)}  ${String(row.budget).padStart(6)}  ${loads.padEnd(14)} ${verdict.padEnd(7)} ${later}`,
  );
}

const missed = rows.filter((row) => kib(row.bytes) > row.budget);
const chartsElsewhere = rows.filter((row) => row.charts && row.kind === 'plain');
if (missed.length > 0 || chartsElsewhere.length > 0) {
  console.log(
    `\nMISSED: ${missed.length} of ${rows.length} routes over their budget${missed.length ? ` (${missed.map((row) => row.path).join(', ')})` : ''}`,
  );
  process.exitCode = 1;
} else {
  console.log(`\nok: all ${rows.length} routes within their budgets`);
}
