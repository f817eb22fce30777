/** The portfolio area's routes: reference data, charges, holdings and financial instrument types. */
import type { FastifyPluginAsync } from 'fastify';
import { referenceRoutes } from './reference.routes.js';
import { chargeRoutes } from './charges.routes.js';
import { holdingRoutes } from './holdings.routes.js';
import { instrumentRoutes } from './instruments.routes.js';

export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  await app.register(referenceRoutes);
  await app.register(chargeRoutes);
  await app.register(holdingRoutes);
  await app.register(instrumentRoutes);
};
