import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'bff',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // the real REST API runs in the tests, on a database made once per run: PGlite, or PostgreSQL with
    // TEST_DB=postgres (npm test's choice: docs/engineering.md#test-suite)
    globalSetup: ['../api/test/setup/global-setup.ts'],
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
