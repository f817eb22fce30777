/**
 * The embedded database's files are the owner's alone (docs/decisions.md#database-files-owner-only):
 * a fresh PGlite data directory is 0700 and every file in it 0600, after opening, after writing
 * and after closing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';

/** Every directory and file under `root` (itself included) whose mode is not the owner-only one. */
function looseModes(root: string): string[] {
  const loose: string[] = [];
  const visit = (at: string) => {
    const stat = fs.statSync(at);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path.relative(root, at) || '.'}/ ${mode.toString(8)}`);
      for (const name of fs.readdirSync(at)) visit(path.join(at, name));
    } else if (mode !== 0o600) loose.push(`${path.relative(root, at)} ${mode.toString(8)}`);
  };
  visit(root);
  return loose;
}

function countFiles(root: string): number {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

describe('PGlite data files', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-modes-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('makes a fresh data directory 0700 and its files 0600, open and closed', async () => {
    const dataDir = path.join(parent, 'data');
    const handle = await openDatabase({ dataDir });
    const pgliteDir = path.join(dataDir, 'pglite');
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      // the cluster is there (hundreds of files), and none is readable by others
      expect(countFiles(pgliteDir)).toBeGreaterThan(100);
      expect(looseModes(pgliteDir)).toEqual([]);
      // files PostgreSQL creates afterwards (a new table, its index) are owner-only too
      await handle.db.execute(sql`CREATE TABLE mode_probe (id int PRIMARY KEY, note text)`);
      await handle.db.execute(sql`INSERT INTO mode_probe SELECT g, repeat('x', 200) FROM generate_series(1, 5000) g`);
      await handle.db.execute(sql`CHECKPOINT`);
    } finally {
      await handle.close();
    }
    expect(looseModes(pgliteDir)).toEqual([]);
  });
});
