/**
 * Start-up seeding: roles always, demo accounts on an empty database, then each area's demo
 * data (market data arrives with the ingestion area). Seeders run in order.
 */
import type { FastifyInstance } from 'fastify';
import { ensureBuiltInRoles } from '../db/queries/admin/roles.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedPortfolio } from './portfolio.js';
import { seedDemoMarket } from './demo-market/index.js';
import { ensureAnalysisCurrent } from '../market/analysis-refresh.js';
import { ensureCorporateActionEvents } from './corporate-action-events.js';
import type { Seeder } from './seeder.js';

/** Area seeders (demo market data, demo reference data…), run after the accounts. */
export const areaSeeders: Seeder[] = [];

export async function runSeeders(app: FastifyInstance): Promise<void> {
  await ensureBuiltInRoles(app.db);
  const firstStart = await seedDemoAccounts(app.db, app.config.demoAccounts, app.log);
  for (const seeder of areaSeeders) await seeder(app, { firstStart });
}

// the demo market (companies, prices, corporate actions, results, balance sheets) through the ingestion code
areaSeeders.push(seedDemoMarket);

// portfolio runs after the market data seeders: its demo holdings are bought at loaded prices
areaSeeders.push(seedPortfolio);

// a database from before corporate_action_events: derive what its corporate actions mean
areaSeeders.push(ensureCorporateActionEvents);

// keep last: computes the trend lists once for all the prices the seeders above loaded
areaSeeders.push(ensureAnalysisCurrent);
