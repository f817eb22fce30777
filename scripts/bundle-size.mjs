// `npm run bench:bundle`: how much JavaScript (gzip) the browser loads for the first route, from the
// Vite manifest of the built web app (web/dist/.vite/manifest.json; `node scripts/build.mjs` first).
//
// - app shell: the entry chunk and everything it imports statically (what every page load fetches);
// - a route's first load: the shell plus the route's lazy page chunk and that chunk's static imports
//   (the page's own dynamic imports, e.g. the grid and the charts, come later and are not counted);
// - the first route is /login: the root route is guarded, so a visitor's first page is the login page;
// - baseline, measured in the same run: all JavaScript of the build (every route and library).
// Target (docs/decisions.md#bundle-size): first route ≤ 350 KiB gzip, with AG Grid and ApexCharts outside it. Sizes are
// gzip at level 6 (what HTTP servers use by default). Exits non-zero when the target is missed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'web/dist'));
const ROUTES_FILE = path.join(ROOT, 'web/src/app/routes.tsx');
const TARGET_KIB = 350;
const FIRST_ROUTE = '/login';
/** Chunks that must stay out of the first route (the names of the advancedChunks groups in web/vite.config.ts). */
const HEAVY_LIBRARIES = [
  { label: 'AG Grid', pattern: /(^|\/)ag-grid-(?!table)[^/]*\.js$/ },
  { label: 'ApexCharts', pattern: /(^|\/)(react-)?apexcharts[^/]*\.js$/ },
];

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

/** The files of a manifest entry and of everything it imports statically, transitively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const kib = (bytes) => bytes / 1024;
const sum = (files) =>
  [...files].filter((file) => file.endsWith('.js')).reduce((total, file) => total + gzipBytes(file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}
const shell = staticClosure(entryKey);

// route → lazily imported page module, read from the route table
const routes = [];
const routeLine = /path: '([^']+)', page: lazy\(\(\) => import\('\.\.\/(features\/[^']+)'\)\)/g;
for (const match of fs.readFileSync(ROUTES_FILE, 'utf8').matchAll(routeLine)) {
  const key = `src/${match[2]}.tsx`;
  if (manifest[key]) routes.push({ path: match[1], key });
}

function firstLoad(route) {
  return new Set([...shell, ...staticClosure(route.key)]);
}

const allJs = fs
  .readdirSync(path.join(DIST, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);
const totalBytes = sum(allJs);
const shellBytes = sum(shell);

console.log(`web build: ${DIST}`);
console.log(`all JavaScript (baseline): ${kib(totalBytes).toFixed(1)} KiB gzip in ${allJs.length} files`);
console.log(
  `app shell (entry + static imports): ${kib(shellBytes).toFixed(1)} KiB gzip in ${[...shell].filter((f) => f.endsWith('.js')).length} files (${((shellBytes / totalBytes) * 100).toFixed(1)}% of all)`,
);

const rows = routes.map((route) => ({ ...route, bytes: sum(firstLoad(route)) })).sort((a, b) => b.bytes - a.bytes);
console.log('\nfirst load per route (shell + page chunk + its static imports), largest first:');
for (const row of rows)
  console.log(
    `  ${row.path.padEnd(28)} ${kib(row.bytes).toFixed(1).padStart(7)} KiB   ${(row.bytes / totalBytes).toFixed(3)} × all`,
  );

const first = routes.find((route) => route.path === FIRST_ROUTE);
const firstFiles = first ? firstLoad(first) : shell;
const firstBytes = sum(firstFiles);
const heavyInFirst = HEAVY_LIBRARIES.filter((library) => [...firstFiles].some((file) => library.pattern.test(file)));
const heavyAnywhere = HEAVY_LIBRARIES.map((library) => ({
  ...library,
  files: allJs.filter((file) => library.pattern.test(file)),
}));

console.log(
  `\nfirst route (${FIRST_ROUTE}): ${kib(firstBytes).toFixed(1)} KiB gzip; ratio to all JavaScript ${(firstBytes / totalBytes).toFixed(3)}; target ≤ ${TARGET_KIB} KiB`,
);
for (const library of heavyAnywhere) {
  const size = sum(library.files);
  const inFirst = heavyInFirst.some((found) => found.label === library.label);
  console.log(
    `  ${library.label}: ${library.files.join(', ') || '(no chunk)'} ${kib(size).toFixed(1)} KiB gzip, ${inFirst ? 'IN the first route' : 'outside the first route'}`,
  );
}

const missed = [];
if (kib(firstBytes) > TARGET_KIB) missed.push(`first route ${kib(firstBytes).toFixed(1)} KiB > ${TARGET_KIB} KiB`);
for (const library of heavyInFirst) missed.push(`${library.label} is loaded by the first route`);
if (missed.length > 0) {
  console.log(`\nMISSED: ${missed.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('\nok: first route within target, grid and charts outside it');
}
