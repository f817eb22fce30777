import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Fault tests: the built services as separate processes, killed, restarted and cut off on purpose.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'faults',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
