import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // a test that asserts nothing fails (a query that throws when missing is not an assertion of what it shows)
    expect: { requireAssertions: true },
    // a test waits for states (findBy…, waitFor: up to 15 s each on a busy machine, src/test/setup.ts), several
    // in a row: the limit for the whole test is above that
    testTimeout: 60_000,
  },
});
