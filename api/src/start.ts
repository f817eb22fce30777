/**
 * Opens the database, migrates, builds the app and seeds: everything before listening. Shared by
 * server.ts and the tests, so both run the same start-up.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { buildApp, type BuildAppOptions } from './app.js';
import { runSeeders } from './seed/index.js';

export interface StartOptions {
  config: ApiConfig;
  /** Use this handle instead of opening one from the configuration. */
  handle?: DatabaseHandle;
  logger?: BuildAppOptions['logger'];
  seed?: boolean;
}

export async function createStartedApp({
  config,
  handle,
  logger = true,
  seed = true,
}: StartOptions): Promise<FastifyInstance> {
  const db =
    handle ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  await runMigrations(db);
  const app = await buildApp({ config, handle: db, logger });
  if (!handle) app.addHook('onClose', async () => db.close());
  await app.ready();
  if (seed) await runSeeders(app);
  app.acceptingTraffic = true;
  return app;
}
