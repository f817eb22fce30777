/**
 * Once per run: a directory for the seeded data directories the harness makes on first need and
 * copies for each start (harness.ts); removed at the end of the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const seeds = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-seeds-'));
  project.provide('e2eSeedsDir', seeds);
  return () => fs.rmSync(seeds, { recursive: true, force: true });
}
