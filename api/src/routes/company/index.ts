/** The company area's routes: companies, corporate actions, financial statements. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { deriveCorporateActionEvents, needsEventDerivation } from '../../db/queries/company/corporate-action-events.js';
import { inTransaction } from '../../uploads/sql-session.js';
import { companiesRoutes } from './companies.routes.js';
import { corporateActionRoutes } from './corporate-actions.routes.js';
import { financialStatementRoutes } from './statements.routes.js';

export const companyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(corporateActionRoutes);
  await app.register(financialStatementRoutes);
  await app.register(companiesRoutes);
};

/** Start-up: a database from before corporate_action_events gets its events derived once. */
export async function ensureCorporateActionEvents(app: FastifyInstance): Promise<void> {
  if (!(await needsEventDerivation(app.db))) return;
  const counts = await inTransaction(app.dbHandle, deriveCorporateActionEvents);
  app.log.info(
    { adjustingEvents: counts.adjustingEvents, dividends: counts.dividends },
    'corporate-action events derived',
  );
}
