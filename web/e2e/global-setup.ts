/**
 * Once per run: a directory for the seeded data directories the harness makes on first need and copies for
 * each start, and a throw-away PostgreSQL server whose seeded databases are the templates of each start's
 * database (harness.ts); both removed at the end of the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the scripts
import { startPostgres } from '../../scripts/lib/postgres.mjs';

export default async function setup(project: TestProject): Promise<() => void> {
  const seeds = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-seeds-'));
  const server = (await startPostgres({ fast: true })) as { url: (db?: string) => string; stop: () => void };
  project.provide('e2eSeedsDir', seeds);
  project.provide('e2ePostgresUrl', server.url('postgres'));
  return () => {
    server.stop();
    fs.rmSync(seeds, { recursive: true, force: true });
  };
}
