/**
 * The state of the precomputed analysis (analysis_state): which prices the trend lists and
 * 12-month extremes describe, and recomputing them. The computation is a few set-based statements
 * (trend-lists.ts) in one transaction, serialised by an advisory lock so that two uploads
 * finishing together cannot interleave.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { analysisState } from '../../schema/index.js';
import { getLatestPriceDate } from './stock-prices.js';
import { insertPriceExtremesStatement, insertTrendEntriesStatement, windowStarts } from './trend-lists.js';

const ANALYSIS_LOCK_KEY = 7_246_004;

/** A computation: its D, the price rows it saw, its number, when and how long. */
export interface AnalysisState {
  asOf: string | null;
  priceRows: number;
  version: number;
  computedAt: string;
  durationMs: number;
}

/** Price rows loaded, from the per-day summary the uploads keep in step (no scan of the price table). */
async function countPriceRows(db: Database): Promise<number> {
  const rows = await queryRows<{ n: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(row_count), 0) AS n FROM stock_price_dates`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function getAnalysisState(db: Database): Promise<AnalysisState | null> {
  const [row] = await db.select().from(analysisState).where(eq(analysisState.id, 1));
  if (!row) return null;
  return {
    asOf: row.asOf,
    priceRows: row.priceRows,
    version: row.version,
    computedAt: row.computedAt.toISOString(),
    durationMs: row.durationMs,
  };
}

/** Whether the tables describe the prices as they are now (used at start). */
export async function isAnalysisCurrent(db: Database): Promise<boolean> {
  const state = await getAnalysisState(db);
  if (!state) return false;
  const [latest, rows] = await Promise.all([getLatestPriceDate(db), countPriceRows(db)]);
  return state.asOf === latest && state.priceRows === rows;
}

/** Recomputes every precomputed list from the prices as they are now. */
export async function refreshAnalysis(db: Database): Promise<AnalysisState> {
  const started = Date.now();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`SELECT pg_advisory_xact_lock(${ANALYSIS_LOCK_KEY})`);
    const [asOf, priceRows, previous] = [
      await getLatestPriceDate(t),
      await countPriceRows(t),
      await getAnalysisState(t),
    ];
    await t.execute(sql`DELETE FROM trend_entries`);
    await t.execute(sql`DELETE FROM price_extremes`);
    if (asOf) {
      const starts = windowStarts(asOf);
      await t.execute(insertTrendEntriesStatement(asOf, starts));
      await t.execute(insertPriceExtremesStatement(asOf, starts.YEARLY));
    }
    const state = {
      id: 1,
      asOf,
      priceRows,
      version: (previous?.version ?? 0) + 1,
      computedAt: new Date(),
      durationMs: Date.now() - started,
    };
    await t
      .insert(analysisState)
      .values(state)
      .onConflictDoUpdate({
        target: analysisState.id,
        set: { asOf, priceRows, version: state.version, computedAt: state.computedAt, durationMs: state.durationMs },
      });
    return {
      asOf,
      priceRows,
      version: state.version,
      computedAt: state.computedAt.toISOString(),
      durationMs: state.durationMs,
    };
  });
}
