/** `npm run db:migrate`: applies the migrations to DATABASE_URL (or the PGlite under DATA_DIR). */
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(handle);
await handle.close();
console.log(`Migrations applied to ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}.`);
