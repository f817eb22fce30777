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
    // two files at a time, each with its own stacks: the attacks assert that other clients are answered within
    // seconds, which holds beside another attack as it does beside the suite's other steps (alone: 107 -> 86 s; when
    // the suite's last step, one file at a time left a third of the two cores idle)
    maxWorkers: 2,
  },
});
