/**
 * The portfolio area's routes: reference data, charges, financial instrument types, holdings,
 * quotes for holdings, the summary and alerts, and the dashboard.
 */
import type { FastifyPluginAsync } from 'fastify';
import { referenceRoutes } from './reference.routes.js';
import { chargeRoutes } from './charges.routes.js';
import { instrumentRoutes } from './instruments.routes.js';
import { holdingRoutes } from './holdings.routes.js';
import { quoteRoutes } from './quotes.routes.js';
import { summaryRoutes } from './summary.routes.js';
import { importRoutes } from './import.routes.js';
import { watchlistRoutes } from './watchlist.routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { benchmarkRoutes } from './benchmark.routes.js';

export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  await app.register(referenceRoutes);
  await app.register(chargeRoutes);
  await app.register(instrumentRoutes);
  await app.register(holdingRoutes);
  await app.register(quoteRoutes);
  await app.register(summaryRoutes);
  await app.register(importRoutes);
  await app.register(watchlistRoutes);
  await app.register(dashboardRoutes);
  await app.register(benchmarkRoutes);
};
