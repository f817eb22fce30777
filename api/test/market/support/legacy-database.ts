/**
 * The legacy bhavcopies loaded through the upload code once per run, and copied per test file:
 * the real-data, as-of, adjusted-prices and refresh-order files read the same loaded prices, and
 * the whole 15 months take minutes to load on PostgreSQL. The first file to ask loads them into
 * a database of their own (under a lock: the others wait for it, then copy it); each file gets
 * its own copy, so a file that writes (corporate actions, an old day) changes nobody else's.
 * PostgreSQL: a template database of the run's server; PGlite: a dump next to the run's images.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import '../../setup/provided-context.js';
import { openDatabase, type DatabaseHandle } from '../../../src/db/client.js';
import { createStartedApp } from '../../../src/start.js';
import { testApiConfig } from '../../setup/test-config.js';
import { createTestDatabase, startTestApi, type StartTestApiOptions, type TestApi } from '../../setup/test-api.js';
import {
  legacyBhavcopyFiles,
  loadLegacyBhavcopiesByMonth,
  readLegacyBhavcopies,
  type BhavcopyRow,
} from './bhavcopy.js';
import { groupBySymbol } from './trend-definition.js';

/** Loads the files into a database (seeded as the run's image) through a test app's upload code. */
async function loadInto(handle: DatabaseHandle, files: string[]): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-legacy-'));
  const app = await createStartedApp({ config: testApiConfig(dataDir), handle, logger: false, seed: true });
  try {
    await loadLegacyBhavcopiesByMonth(app, files);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // statistics and visibility now: a copy starts with no activity counts, so autovacuum would never
  // analyse it, and its queries would be planned blind (twice as slow on the 15 months)
  if (handle.kind === 'postgres') await handle.pool.query('VACUUM ANALYZE');
  else await handle.client.exec('VACUUM ANALYZE');
}

/** Runs `work` holding a lock file (another process holding it: wait until it is gone). */
async function withLockFile<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (Date.now() > deadline) throw new Error(`${lock} still held after 20 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * The loaded database of these files, made by the first caller of the run: what `copyOf` takes
 * (startTestApi's option; the BFF tests' stacks take it too).
 */
export async function loadedDatabase(files: string[]): Promise<string> {
  const key = createHash('sha256')
    .update(files.map((file) => path.basename(file)).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const testDb = inject('testDb');
  if (testDb.engine === 'pglite') {
    const image = path.join(path.dirname(testDb.imagePath), `legacy-${key}.tar`);
    await withLockFile(`${image}.lock`, async () => {
      if (fs.existsSync(image)) return;
      const handle = await createTestDatabase({ seeded: true });
      if (handle.kind !== 'pglite') throw new Error('expected PGlite');
      try {
        await loadInto(handle, files);
        const dump = Buffer.from(await (await handle.client.dumpDataDir('none')).arrayBuffer());
        fs.writeFileSync(`${image}.partial`, dump);
        fs.renameSync(`${image}.partial`, image);
      } finally {
        await handle.close();
      }
    });
    return image;
  }
  const name = `bazaar_legacy_${key}`;
  const admin = new pg.Client({ connectionString: testDb.serverUrl });
  await admin.connect();
  try {
    // a session lock: released when this connection ends, even if the loading fails
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // loaded under another name, renamed once complete: a half-loaded database is never copied
      const loading = `${name}_loading`;
      await admin.query(`DROP DATABASE IF EXISTS ${loading} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${loading} TEMPLATE ${testDb.seededTemplate ?? testDb.template}`);
      const handle = await openDatabase({ databaseUrl: testDb.serverUrl.replace(/\/[^/]*$/, `/${loading}`) });
      try {
        await loadInto(handle, files);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${loading} RENAME TO ${name}`);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/** A test API on a copy of the database holding these bhavcopies (loaded once per run). */
export async function startLegacyPricesApi(
  files: string[],
  options: Omit<StartTestApiOptions, 'copyOf'> = {},
): Promise<TestApi> {
  return startTestApi({ ...options, copyOf: await loadedDatabase(files) });
}

/** What a describe block on the loaded bhavcopies reads: its API and the files' rows, parsed independently. */
export interface LegacyPrices {
  api: TestApi;
  rows: BhavcopyRow[];
  bySymbol: Map<string, BhavcopyRow[]>;
}

/**
 * For a describe block: its own copy of the loaded files (startLegacyPricesApi) before its tests,
 * closed after them. Read the fields inside hooks and tests, not while the suite is collected.
 */
export function useLegacyPricesApi(files: string[]): LegacyPrices {
  const session = {} as LegacyPrices;
  beforeAll(async () => {
    session.rows = readLegacyBhavcopies(files);
    session.bySymbol = groupBySymbol(session.rows);
    session.api = await startLegacyPricesApi(files);
  }, 1_200_000);
  afterAll(async () => session.api?.close());
  return session;
}

/**
 * The bhavcopies the real-data files load: the whole 15 months on PostgreSQL (production's engine),
 * February and March 2020 on PGlite (40 files, 79,172 rows; the whole load takes minutes there).
 * The same D either way, so the weekly and monthly windows are whole.
 */
export function legacyFilesOfTheEngine(): { whole: boolean; files: string[] } {
  const whole = inject('testDb').engine === 'postgres';
  const files = legacyBhavcopyFiles();
  return { whole, files: whole ? files : files.filter((file) => /(FEB|MAR)2020\.csv$/.test(file)) };
}
