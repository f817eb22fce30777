// ESLint (flat config): typescript-eslint's recommended rules without type information (fast: no
// program is built), plus the import boundaries the layout depends on (docs/engineering.md):
//  - web/src/features/<a> never imports web/src/features/<b> (shared code goes to web/src/components or lib);
//  - the packages (shared, api, bff, web) use each other only through their entries: '@bazaar/shared'
//    and '@bazaar/shared/contract'; never a relative path into another package's src/, never '@bazaar/<p>/src/…';
//  - web never imports '@bazaar/shared/contract' (the REST contract is the servers' business; zod schemas
//    for forms come from '@bazaar/shared');
//  - so tests and benches of one package (and bench/, faults/) never reach into another package's src/:
//    they start it as a user would, or use its entry. A package's test helpers (api/test/setup) may be
//    shared: the BFF's tests start the real API through them.
// scripts/ is repository tooling (the README's configuration table is generated from each config.ts),
// not a package: it may read any file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PACKAGES = ['shared', 'api', 'bff', 'web'];
const PUBLIC_ENTRIES = new Set(['@bazaar/shared', '@bazaar/shared/contract']);

/** 'web/src/features/market/x.ts' → { top: 'web', feature: 'market', inSrc: true } */
function zone(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  return {
    top: parts[0],
    inSrc: parts[1] === 'src',
    feature: parts[0] === 'web' && parts[1] === 'src' && parts[2] === 'features' ? parts[3] : undefined,
  };
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
        if (!PUBLIC_ENTRIES.has(specifier))
          context.report({
            node,
            message: `'${specifier}' is not a public entry: use '@bazaar/shared' or '@bazaar/shared/contract'`,
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
        context.report({
          node,
          message: `${from.top}/ reaches into ${to.top}/src: use the package's entry, or start it as a user would (HTTP)`,
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
    plugins: { bazaar: { rules: { 'import-boundaries': importBoundaries } } },
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
