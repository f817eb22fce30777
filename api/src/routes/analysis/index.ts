/**
 * The analysis area: technical-analysis routes, and keeping the precomputed trend lists and
 * 12-month extremes (db/schema/analysis.ts) in step with the prices.
 * - After every price upload the ingestion emits `market.dataChanged`; the handler recomputes
 *   before the upload answers, so the next read is already current.
 * - During start-up seeding (before the app accepts traffic) the handler only notes the change:
 *   the analysis seeder, registered last, computes once for everything the seeders before it
 *   loaded, and also whenever the stored state does not match the prices (first start, loads
 *   made elsewhere). Changes after that seeder ran are computed at once, whatever the order.
 */
import { useJsonBodyParser } from '../../plugins/json-body.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isAnalysisCurrent, refreshAnalysis } from '../../db/queries/analysis.js';
import { technicalAnalysisRoutes } from './technical-analysis.routes.js';

/** Upload kinds whose data the precomputed analysis is made from. */
const PRICE_KINDS = new Set(['UPLOAD_STOCK_PRICE']);

/** Apps (by their event bus) whose prices changed during start-up seeding, before traffic. */
const changedDuringStart = new WeakSet<object>();
/** Apps whose start-up computation has run: later changes are computed at once. */
const computedAtStart = new WeakSet<object>();

export const analysisRoutes: FastifyPluginAsync = async (app) => {
  // the spec's client posts the SMA request with an empty body: accept an empty JSON body here
  useJsonBodyParser(app, { allowEmpty: true });
  await app.register(technicalAnalysisRoutes);
  registerAnalysisRefresh(app);
};

/** Registers the refresh on price uploads (once per app, from the analysis routes). */
function registerAnalysisRefresh(app: FastifyInstance): void {
  app.events.on('market.dataChanged', async ({ kind }) => {
    if (!PRICE_KINDS.has(kind)) return;
    // start-up seeding loads many files: the analysis seeder computes once at its end
    if (!app.acceptingTraffic && !computedAtStart.has(app.events)) {
      changedDuringStart.add(app.events);
      return;
    }
    const state = await refreshAnalysis(app.db);
    app.log.info({ asOf: state.asOf, version: state.version, ms: state.durationMs }, 'analysis recomputed');
  });
}

/** Start-up: compute the analysis when it is missing or does not describe the prices loaded. */
export async function ensureAnalysisCurrent(app: FastifyInstance): Promise<void> {
  computedAtStart.add(app.events);
  const changed = changedDuringStart.delete(app.events);
  if (!changed && (await isAnalysisCurrent(app.db))) return;
  const state = await refreshAnalysis(app.db);
  app.log.info({ asOf: state.asOf, version: state.version, ms: state.durationMs }, 'analysis computed at start');
}
