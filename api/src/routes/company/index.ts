/** The company area's routes: companies, corporate actions, financial statements. */
import type { FastifyPluginAsync } from 'fastify';
import { companiesRoutes } from './companies.routes.js';
import { corporateActionRoutes } from './corporate-actions.routes.js';
import { financialStatementRoutes } from './statements.routes.js';

export const companyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(corporateActionRoutes);
  await app.register(financialStatementRoutes);
  await app.register(companiesRoutes);
};
