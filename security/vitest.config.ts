import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Security tests: attacks on the built services started as processes, in development and production mode.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'security',
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // one stack at a time: the attacks measure latency on two cores
    fileParallelism: false,
  },
});
