import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// TEST_DB=pglite (default) or TEST_DB=postgres: the same suite on both engines.
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // workspace packages resolve to their TypeScript sources (the "source" export condition)
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: `api-${engine}`,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // files share their worker's loaded modules instead of loading them again per file
    // (docs/engineering.md#test-suite): each file builds its own app, and the app sets the module state it uses
    // (password hashing's cost and lanes) from its configuration, so no file sees another's settings
    isolate: false,
  },
});
