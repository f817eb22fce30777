import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built app as `npm start` runs it (scripts/test.mjs builds first).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    // a directory for the data directories seeded once per run and copied per start (harness.ts)
    globalSetup: ['global-setup.ts'],
    testTimeout: 120_000,
    expect: {
      // expect.poll waits for a state as long as a locator does (STATE_TIMEOUT_MS in harness.ts; vitest's default
      // is 1 s, which a busy machine overruns)
      poll: { timeout: 60_000, interval: 100 },
      // a journey that asserts nothing fails
      requireAssertions: true,
    },
    hookTimeout: 240_000,
    pool: 'forks',
    // three files at a time, each with its own app and browser: a journey mostly waits (for the network to go
    // quiet, for the app to start): one at a time left a core idle, and two at a time took as long beside two busy
    // loops (510 s) as on a quiet machine (500 s) (docs/engineering.md#test-suite)
    fileParallelism: true,
    maxWorkers: 3,
    // a file's describe.concurrent tests (pages.e2e.ts), each in its own browser context: four at once took
    // half the time of one at a time on the shared 2-core machine (mostly waits for the network to go quiet)
    maxConcurrency: 4,
  },
});
