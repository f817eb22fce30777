/**
 * Once per test run: the database images every test file copies. PGlite: dumps of an in-memory
 * database, migrated, and migrated then seeded. PostgreSQL: a throw-away server on a free port with
 * two template databases (each test file gets its own database made from one of them).
 * "Seeded" is what the start-up seeders write for the test configuration (roles, the demo accounts
 * hashed at the test cost, the portfolio reference data): most files start from it, so the seeding
 * is paid once per run instead of once per file. The demo accounts are logged in about 190 times a
 * run: at the production cost that was half a minute of CPU per engine, spent on hashing that
 * password-cost.test.ts and the per-address test of protection.test.ts check on their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import './provided-context.js';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { createStartedApp } from '../../src/start.js';
import { testApiConfig } from './test-config.js';
// @ts-expect-error plain ESM helper shared with the scripts
import { startPostgres } from '../../../scripts/lib/postgres.mjs';

export const TEMPLATE_DB = 'bazaar_template';
export const SEEDED_TEMPLATE_DB = 'bazaar_seeded';

/** Runs the start-up seeders of a test app on a migrated database (then closes the app, not the handle). */
async function seed(handle: DatabaseHandle, workDir: string): Promise<void> {
  const config = testApiConfig(path.join(workDir, 'seed-data'));
  const app = await createStartedApp({ config, handle, logger: false, seed: true });
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-pglite-'));
  if (process.env.TEST_DB === 'postgres') {
    const server = (await startPostgres({ fast: true })) as { url: (db?: string) => string; stop: () => void };
    try {
      const admin = await openDatabase({ databaseUrl: server.url('postgres'), poolSize: 1 });
      if (admin.kind !== 'postgres') throw new Error('expected postgres');
      await admin.pool.query(`CREATE DATABASE ${TEMPLATE_DB}`);
      const template = await openDatabase({ databaseUrl: server.url(TEMPLATE_DB), poolSize: 2 });
      await runMigrations(template);
      await template.close();
      await admin.pool.query(`CREATE DATABASE ${SEEDED_TEMPLATE_DB} TEMPLATE ${TEMPLATE_DB}`);
      await admin.close();
      const seeded = await openDatabase({ databaseUrl: server.url(SEEDED_TEMPLATE_DB), poolSize: 2 });
      await seed(seeded, workDir);
      await seeded.close();
    } catch (error) {
      server.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
      throw error;
    }
    project.provide('testDb', {
      engine: 'postgres',
      serverUrl: server.url('postgres'),
      template: TEMPLATE_DB,
      seededTemplate: SEEDED_TEMPLATE_DB,
    });
    return async () => {
      server.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    };
  }
  const client = new PGlite();
  const handle = await openDatabase({ pglite: client });
  await runMigrations(handle);
  const imagePath = path.join(workDir, 'migrated.tar');
  fs.writeFileSync(imagePath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await seed(handle, workDir);
  const seededImagePath = path.join(workDir, 'seeded.tar');
  fs.writeFileSync(seededImagePath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  project.provide('testDb', { engine: 'pglite', imagePath, seededImagePath });
  return async () => fs.rmSync(workDir, { recursive: true, force: true });
}
