import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, in the order they start (their seconds in the suite of 2026-12-07: 220, 113, 112, 98); the
 * rest follow in vitest's own order. On a fresh clone vitest has no timings and starts the largest files first,
 * which left pages.e2e.ts, twice as long as any other, to start fourth and run on alone at the end of the step.
 */
const LONGEST_FIRST = ['pages.e2e.ts', 'analysis.e2e.ts', 'uploads.e2e.ts', 'portfolio.e2e.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.basename(file.moduleId));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});
