// ESLint (flat config): typescript-eslint's recommended rules without type information (fast: no
// program is built), plus the import boundaries the layout depends on (docs/engineering.md):
//  - web/src/features/<a> never imports web/src/features/<b> (shared code goes to web/src/components or lib);
//  - the packages (shared, api, bff, web) use each other only through their entries: '@bazaar/shared',
//    '@bazaar/shared/contract' and '@bazaar/shared/counters'; never a relative path into another package's src/, never '@bazaar/<p>/src/…';
//  - web never imports '@bazaar/shared/contract' (the REST contract is the servers' business; zod schemas
//    for forms come from '@bazaar/shared') nor '@bazaar/shared/counters' (the shared counters, Node only);
//  - so tests and benches of one package (and bench/, faults/) never reach into another package's src/:
//    they start it as a user would, or use its entry. A package's test helpers (api/test/setup) may be
//    shared: the BFF's tests start the real API through them.
// Inside api/src, the layers (docs/engineering.md#boundaries-lint-and-format):
//  - the database layer is the floor: api/src/db/ imports only api/src/db/, errors.ts and config.ts
//    (never ingest/, routes/ or anything else above it);
//  - the file readers (api/src/files/) import only files/ and errors.ts: the ingest pipeline and the
//    tradebook import both stand on them;
//  - only app.ts and api/src/routes/ import api/src/routes/ (the seeders, the import command, the
//    pipeline and the queries never do).
// And no import cycles (type-only imports included: they hide a missing module) in any package
// (CYCLE_FREE, bazaar/no-import-cycles).
// scripts/ is repository tooling (docs/operations.md's configuration table is generated from each config.ts),
// not a package: it may read any file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PACKAGES = ['shared', 'api', 'bff', 'web'];
const PUBLIC_ENTRIES = new Set(['@bazaar/shared', '@bazaar/shared/contract', '@bazaar/shared/counters']);

/**
 * 'web/src/features/market/x.ts' → { top: 'web', feature: 'market', inSrc: true };
 * 'api/src/db/queries/x.ts' → { top: 'api', inSrc: true, apiPart: 'db' } (apiPart: the folder or file under api/src).
 */
function zone(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  return {
    top: parts[0],
    inSrc: parts[1] === 'src',
    feature: parts[0] === 'web' && parts[1] === 'src' && parts[2] === 'features' ? parts[3] : undefined,
    apiPart: parts[0] === 'api' && parts[1] === 'src' ? parts[2]?.replace(/\.js$/, '.ts') : undefined,
  };
}

/** What each layer of api/src may import inside api/src (by apiPart); a layer not listed may import any. */
const API_LAYER_IMPORTS = {
  db: { allowed: ['db', 'errors.ts', 'config.ts'], why: 'the database layer is the floor' },
  files: {
    allowed: ['files', 'errors.ts'],
    why: 'the file readers stand below the ingest pipeline and the tradebook import',
  },
};
/** Who may import api/src/routes/: the app, and the routes themselves. */
const ROUTES_IMPORTERS = ['app.ts', 'routes'];

/** The problem of an import from one part of api/src to another, or undefined. */
function apiLayerProblem(from, to) {
  if (!from.apiPart || !to.apiPart || from.apiPart === to.apiPart) return undefined;
  if (to.apiPart === 'routes' && !ROUTES_IMPORTERS.includes(from.apiPart))
    return `api/src/${from.apiPart} imports api/src/routes/: only app.ts and the routes do; move what both need out of routes/ (e.g. api/src/market/)`;
  const layer = API_LAYER_IMPORTS[from.apiPart];
  if (layer && !layer.allowed.includes(to.apiPart))
    return `api/src/${from.apiPart} imports api/src/${to.apiPart}: ${layer.why} (it may import ${layer.allowed.join(', ')})`;
  return undefined;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features and packages apart (see the comment at the top of eslint.config.js)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = zone(file);
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      if (specifier.startsWith('@bazaar/')) {
        if (from.top === 'web' && specifier === '@bazaar/shared/contract')
          return context.report({
            node,
            message: "web never imports '@bazaar/shared/contract': the REST contract belongs to the servers",
          });
        if (from.top === 'web' && specifier === '@bazaar/shared/counters')
          return context.report({
            node,
            message: "web never imports '@bazaar/shared/counters': the shared counters are the servers' (Node only)",
          });
        if (!PUBLIC_ENTRIES.has(specifier))
          context.report({
            node,
            message: `'${specifier}' is not a public entry: use '@bazaar/shared', '@bazaar/shared/contract' or '@bazaar/shared/counters'`,
          });
        return;
      }
      if (!specifier.startsWith('.')) return;
      const to = zone(path.resolve(path.dirname(file), specifier));
      if (from.feature && to.feature && from.feature !== to.feature)
        return context.report({
          node,
          message: `features/${from.feature} imports features/${to.feature}: move what both need to web/src/components or web/src/lib`,
        });
      if (from.top !== to.top && PACKAGES.includes(to.top) && to.inSrc && from.top !== 'scripts')
        return context.report({
          node,
          message: `${from.top}/ reaches into ${to.top}/src: use the package's entry, or start it as a user would (HTTP)`,
        });
      const layerProblem = apiLayerProblem(from, to);
      if (layerProblem) context.report({ node, message: layerProblem });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** Where no import cycle may be (bff/ and web/ join once their last cycles are gone, issue 27). */
const CYCLE_FREE = ['api/**/*.ts', 'shared/**/*.ts', 'bff/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx'];

const IMPORT_SPECIFIER =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
/** A file's relative imports, resolved to files (read once per lint run). */
const importsOf = new Map();
function resolveImport(file, specifier) {
  const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}
function fileImports(file) {
  let found = importsOf.get(file);
  if (found) return found;
  found = [];
  importsOf.set(file, found);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return found;
  }
  // comments may show imports as examples: not edges
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(IMPORT_SPECIFIER)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target) found.push(target);
  }
  return found;
}
/** A path of imports from `start` back to `file`, or undefined. */
function pathBack(start, file) {
  const seen = new Set();
  const walk = (current, trail) => {
    if (current === file) return trail;
    if (seen.has(current)) return undefined;
    seen.add(current);
    for (const next of fileImports(current)) {
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

const noImportCycles = {
  meta: {
    type: 'problem',
    docs: {
      description: 'No import cycles, type-only imports included (docs/engineering.md#boundaries-lint-and-format)',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    // the file as it is being linted, not as it was read for another file
    importsOf.delete(file);
    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(file, specifier);
      if (!target) return;
      const cycle = pathBack(target, file);
      if (cycle)
        context.report({
          node,
          message: `import cycle: ${[file, ...cycle].map((f) => path.relative(ROOT, f)).join(' → ')}; move what both need to a module of its own`,
        });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/__generated__/**',
      'api/drizzle/**',
      'web/public/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { bazaar: { rules: { 'import-boundaries': importBoundaries, 'no-import-cycles': noImportCycles } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'bazaar/import-boundaries': 'error',
      // `_name` marks a deliberately unused argument or destructured rest (e.g. dropping a key).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: CYCLE_FREE,
    rules: { 'bazaar/no-import-cycles': 'error' },
  },
  {
    files: ['web/src/**', 'web/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // the two classic hook rules only: the plugin's `recommended` set adds the React Compiler's rules,
    // which would ask for rewrites the app does not need without the compiler
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
