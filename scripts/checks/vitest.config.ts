import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Checks of files that are not code: Docker and compose files, the documentation (the configuration table,
// every cited docs anchor and relative link).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: { name: 'checks', include: ['**/*.test.ts'], environment: 'node' },
});
