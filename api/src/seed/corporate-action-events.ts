/**
 * Start-up: a database from before corporate_action_events gets its events derived once (what each
 * corporate action means for prices and holdings; corporate-actions uploads derive them afterwards).
 */
import type { FastifyInstance } from 'fastify';
import { deriveCorporateActionEvents, needsEventDerivation } from '../db/queries/company/corporate-action-events.js';
import { inTransaction } from '../db/sql-session.js';

export async function ensureCorporateActionEvents(app: FastifyInstance): Promise<void> {
  if (!(await needsEventDerivation(app.db))) return;
  const counts = await inTransaction(app.dbHandle, deriveCorporateActionEvents);
  app.log.info(
    { adjustingEvents: counts.adjustingEvents, dividends: counts.dividends },
    'corporate-action events derived',
  );
}
