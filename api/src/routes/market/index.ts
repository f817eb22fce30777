/** The market area's routes: prices and trends, corporate actions, financial statements, companies. */
import type { FastifyPluginAsync } from 'fastify';
import { stockPriceRoutes } from './stock-prices.routes.js';
import { corporateActionRoutes } from './corporate-actions.routes.js';
import { financialStatementRoutes } from './financials.routes.js';
import { companyRoutes } from './companies.routes.js';

export const marketRoutes: FastifyPluginAsync = async (app) => {
  await app.register(stockPriceRoutes);
  await app.register(corporateActionRoutes);
  await app.register(financialStatementRoutes);
  await app.register(companyRoutes);
};
