/**
 * Seeds one PGlite data directory with the demo accounts and the demo market (about a minute on the
 * shared cores), once for the whole suite; each stack starts on a copy of it in seconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApi } from '../faults/harness.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-security-seed-'));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const api = await startApi({ DATA_DIR: dataDir, DEMO_DATA: '1' });
    api.kill('SIGTERM');
    const code = await api.exited();
    if (code !== 0) throw new Error(`the seeding API exited with ${code}:\n${api.output()}`);
  } catch (error) {
    remove();
    throw error;
  }
  project.provide('seededDataDir', dataDir);
  return remove;
}
