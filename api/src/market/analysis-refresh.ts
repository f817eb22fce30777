/**
 * Keeping the precomputed trend candidates, which the trend lists and 12-month extremes are read
 * from (db/schema/market.ts), in step with the prices. The market routes register the refresh; the
 * start-up seeding and the import command run `ensureAnalysisCurrent` (outside routes/, so that
 * nothing but the app imports the routes).
 * - After every price upload the ingest pipeline emits `market.dataChanged` with the dates it wrote;
 *   the handler recomputes what those dates can change (analysis-state.ts) before the upload
 *   answers, so the next read is already current. A change without dates recomputes everything.
 * - During start-up seeding (before the app accepts traffic) the handler only notes the change:
 *   the analysis seeder, registered last, computes once for everything the seeders before it
 *   loaded, and also whenever the stored state does not match the prices (first start, loads
 *   made elsewhere). Changes after that seeder ran are computed at once, whatever the order.
 * - A corporate-actions upload changes what the prices are adjusted by: the refresh recomputes the
 *   symbols whose adjustment changed (docs/decisions.md#adjusted-prices-in-the-analysis); its dates
 *   are ex-dates, not price dates, so no price date counts as changed.
 */
import type { FastifyInstance } from 'fastify';
import { isAnalysisCurrent, refreshAnalysis } from '../db/queries/market/analysis-state.js';

/** Upload types whose data the precomputed analysis is made from: prices, and the events that adjust them. */
const ANALYSIS_UPLOAD_TYPES = new Set(['UPLOAD_STOCK_PRICE', 'UPLOAD_CORPORATE_ACTIONS']);

/** Apps (by their event bus) whose prices changed during start-up seeding, before traffic. */
const changedDuringStart = new WeakSet<object>();
/** Apps whose start-up computation has run: later changes are computed at once. */
const computedAtStart = new WeakSet<object>();

/** Registers the refresh on price uploads (once per app, from the market routes: routes/market/index.ts). */
export function registerAnalysisRefresh(app: FastifyInstance): void {
  app.events.on('market.dataChanged', async ({ uploadType, dates }) => {
    if (!ANALYSIS_UPLOAD_TYPES.has(uploadType)) return;
    // start-up seeding loads many files: the analysis seeder computes once at its end
    if (!app.acceptingTraffic && !computedAtStart.has(app.events)) {
      changedDuringStart.add(app.events);
      return;
    }
    // the dates the change wrote: only what they can change is recomputed (absent: everything)
    const state = await refreshAnalysis(app.db, uploadType === 'UPLOAD_STOCK_PRICE' ? dates : []);
    app.log.info(
      {
        asOf: state.asOf,
        version: state.version,
        mode: state.mode,
        adjustedSymbols: state.adjustedSymbols.length,
        ms: state.durationMs,
      },
      'analysis recomputed',
    );
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
