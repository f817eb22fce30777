/**
 * Once per test run: a migrated database image to copy for each test file. PGlite: a dump of a
 * migrated in-memory database. PostgreSQL: a throw-away server on a free port with a migrated
 * template database (each test file gets its own database made from it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import './provided-context.js';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
// @ts-expect-error plain ESM helper shared with the scripts
import { startPostgres } from '../../../scripts/lib/postgres.mjs';

export const TEMPLATE_DB = 'bazaar_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const server = (await startPostgres({ fast: true })) as { url: (db?: string) => string; stop: () => void };
    const admin = await openDatabase({ databaseUrl: server.url('postgres'), poolSize: 1 });
    if (admin.kind !== 'postgres') throw new Error('expected postgres');
    await admin.pool.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.close();
    const template = await openDatabase({ databaseUrl: server.url(TEMPLATE_DB), poolSize: 2 });
    await runMigrations(template);
    await template.close();
    project.provide('testDb', { engine: 'postgres', serverUrl: server.url('postgres'), template: TEMPLATE_DB });
    return async () => server.stop();
  }
  const client = new PGlite();
  const handle = await openDatabase({ pglite: client });
  await runMigrations(handle);
  const image = await client.dumpDataDir('none');
  const imagePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-pglite-')), 'migrated.tar');
  fs.writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
  await handle.close();
  project.provide('testDb', { engine: 'pglite', imagePath });
  return async () => fs.rmSync(path.dirname(imagePath), { recursive: true, force: true });
}
