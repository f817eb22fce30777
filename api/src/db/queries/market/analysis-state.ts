/**
 * The state of the precomputed analysis (analysis_state): which prices the trend candidates
 * describe, and bringing them up to date after a price change. The work is a few set-based
 * statements (trend-lists.ts) in one transaction, serialised by an advisory lock so that two
 * uploads finishing together cannot interleave.
 *
 * Only what the changed dates can change is recomputed (docs/decisions.md#incremental-analysis-refresh):
 * the lists and 12-month extremes of D are read from trend_candidates (each symbol's days before D
 * that hold or may come to hold an extreme of a window) and the rows on D
 * (docs/decisions.md#lists-read-from-the-candidates); a new D carries the candidates forward by the
 * rows entering and leaving the YEARLY window; a change inside a window of D, or an unknown change,
 * recomputes the candidates from the prices.
 *
 * Prices are adjusted for splits, bonuses and consolidations (docs/decisions.md#adjusted-prices-in-the-analysis):
 * every refresh first brings price_adjustments to the ranges as of the new D (from
 * corporate_action_events); the symbols whose ranges changed on a date of the windows (corporate
 * actions loaded, or D passing an ex-date) have their candidates recomputed from their own rows.
 */
import { eq, sql } from 'drizzle-orm';
import { periodWindowStart } from '@bazaar/shared';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { analysisState } from '../../schema/index.js';
import { getLatestTradeDate } from './stock-prices.js';
import { LATEST_TRADE_DATE } from './equity-series.js';
import { carryCandidates, rebuildCandidatesStatements, redoCandidates, windowStarts } from './trend-lists.js';
import { adjustmentsCurrent, refreshAdjustments } from './adjustments.js';

const ANALYSIS_LOCK_KEY = 7_246_004;

/**
 * Carrying the candidates forward reads every day between the old and the new D; past this many
 * trading days (a backfill that moves D by more than about a month) recomputing is as cheap.
 */
export const MAX_CARRIED_DAYS = 23;

/** A computation: its D, the price rows it saw, its number, when and how long. */
export interface AnalysisState {
  asOf: string | null;
  priceRows: number;
  version: number;
  computedAt: string;
  durationMs: number;
}

/**
 * What a refresh did: `full` recomputed the candidates from the prices, `carried` moved them to a new
 * D, `lists` found a change of the lists of an unchanged D (its rows changed, read as they are; or
 * some symbols' adjustments, their candidates recomputed), `unchanged` found nothing the change
 * could affect (days older than every window). Every refresh raises the version, which the readers
 * of the lists key their caches on.
 */
export type RefreshMode = 'full' | 'carried' | 'lists' | 'unchanged';

export interface RefreshResult extends AnalysisState {
  mode: RefreshMode;
  /** The symbols whose adjustment ranges changed on a date of the windows (their candidates were recomputed). */
  adjustedSymbols: string[];
}

interface StoredState extends AnalysisState {
  marksAsOf: string | null;
}

/** What a refresh starts from, read in its first statement (dates as text, arrays null when empty). */
interface RefreshStart {
  latest: string | null;
  price_rows: string;
  stored: boolean;
  as_of: string | null;
  marks_as_of: string | null;
  version: number | string | null;
  duration_ms: number | string | null;
  stored_price_rows: string | null;
  computed_at: string | null;
  unannounced: string[] | null;
  entering: string[] | null;
  earliest: string | null;
}

/** What the server offers the refresh, asked once per database. */
interface ServerTraits {
  /** The jit setting exists (PostgreSQL built with LLVM; PGlite has none). */
  jit: boolean;
  /** Autovacuum is running (a PostgreSQL server; PGlite never vacuums by itself). */
  autovacuum: boolean;
}
const serverTraits = new WeakMap<object, Promise<ServerTraits>>();
function traitsOf(db: Database): Promise<ServerTraits> {
  let known = serverTraits.get(db);
  if (!known) {
    known = queryRows<ServerTraits>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'jit') AS jit,
            current_setting('autovacuum') = 'on'
              AND EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS autovacuum`,
    ).then((rows) => ({ jit: rows[0]?.jit === true, autovacuum: rows[0]?.autovacuum === true }));
    serverTraits.set(db, known);
    known.catch(() => serverTraits.delete(db));
  }
  return known;
}

/** The tables a refresh rewrites (their dead rows: see VACUUM at the end of refreshAnalysis). */
const REWRITTEN_TABLES = ['trend_candidates'] as const;

function isRewritten(table: string): boolean {
  return (REWRITTEN_TABLES as readonly string[]).includes(table);
}

/**
 * Where autovacuum runs, the refresh vacuums a rewritten table itself only once its dead rows
 * outnumber twice its live ones (and 1,000): a day's refresh leaves about one dead row per live
 * one, autovacuum comes at most once a minute, so a backfill of a day per request would otherwise
 * scan a growing table (docs/decisions.md#vacuum-after-the-refresh-only-past-a-threshold).
 */
const TABLES_PAST_THRESHOLD = sql`(SELECT coalesce(array_agg(relname::text), '{}') FROM pg_stat_user_tables
  WHERE relname IN (${sql.join(
    REWRITTEN_TABLES.map((table) => sql`${table}`),
    sql`, `,
  )}) AND n_dead_tup >= greatest(2 * n_live_tup, 1000))`;

/** Price rows loaded, from the per-day summary the uploads keep in step (no scan of the price table). */
async function countPriceRows(db: Database): Promise<number> {
  const rows = await queryRows<{ n: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(row_count), 0) AS n FROM stock_price_dates`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function readState(db: Database): Promise<StoredState | null> {
  const [row] = await db.select().from(analysisState).where(eq(analysisState.id, 1));
  if (!row) return null;
  return {
    asOf: row.asOf,
    marksAsOf: row.marksAsOf,
    priceRows: row.priceRows,
    version: row.version,
    computedAt: row.computedAt.toISOString(),
    durationMs: row.durationMs,
  };
}

export async function getAnalysisState(db: Database): Promise<AnalysisState | null> {
  const state = await readState(db);
  if (!state) return null;
  const { marksAsOf: _marks, ...rest } = state;
  return rest;
}

/** Whether the tables describe the prices as they are now (used at start). */
export async function isAnalysisCurrent(db: Database): Promise<boolean> {
  const state = await readState(db);
  if (!state) return false;
  const [latest, rows] = await Promise.all([getLatestTradeDate(db), countPriceRows(db)]);
  if (!(state.asOf === latest && state.marksAsOf === latest && state.priceRows === rows)) return false;
  // corporate actions written without a refresh (a crash between their commit and the refresh)
  return adjustmentsCurrent(db, latest);
}

/**
 * What a change of prices on `changed` dates requires, given the stored state (computed for D =
 * `previous.asOf`, the analysis_state.as_of column) and the new D (`latestTradeDate`). Dates unknown, D going back, a change inside a window of
 * the old D, or D leaping more than MAX_CARRIED_DAYS trading days: recompute everything.
 */
export function planRefresh(
  previous: { asOf: string | null; marksAsOf: string | null } | null,
  latestTradeDate: string | null,
  changed: readonly string[] | undefined,
  daysBetween: () => Promise<number>,
): Promise<RefreshMode> | RefreshMode {
  if (!changed || !previous?.asOf || previous.marksAsOf !== previous.asOf || !latestTradeDate) return 'full';
  const from = previous.asOf;
  if (latestTradeDate < from) return 'full';
  // the old windows start after this day: a day on or before it was in none of them
  const oldestWindow = periodWindowStart(from, 'YEARLY');
  if (changed.some((date) => date > oldestWindow && date < from)) return 'full';
  if (latestTradeDate === from) return changed.includes(latestTradeDate) ? 'lists' : 'unchanged';
  if (periodWindowStart(latestTradeDate, 'YEARLY') >= from) return 'full';
  return daysBetween().then((days) => (days > MAX_CARRIED_DAYS ? 'full' : 'carried'));
}

/**
 * Brings the lists and 12-month extremes up to date after prices changed on `changedDates`
 * (undefined: unknown, recompute everything). Dates whose rows were written after the last
 * computation without being announced (a load by another process) count as changed too.
 */
export async function refreshAnalysis(db: Database, changedDates?: readonly string[]): Promise<RefreshResult> {
  const started = performance.now();
  const traits = await traitsOf(db);
  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // every statement here is set-based over tables the refresh itself has just changed (the new
    // day is never in the statistics yet, trend_candidates changes day by day): a nested loop chosen on
    // an estimate of one row turns quadratic (35 s instead of 0.1 s for one day), hash joins do
    // not depend on the estimates; the per-symbol reads (LATERAL) stay nested loops by construction.
    // The penalty that steers the planner away from nested loops inflates the plans' costs past
    // PostgreSQL's JIT threshold: compiling then took 0.7–1.8 s per statement of a few milliseconds.
    // the lock and the settings in one statement, then what the refresh starts from in one more (a
    // day's upload pays every statement's fixed cost); the reads come after the lock, with a
    // snapshot that sees what a refresh that held it wrote
    // The commit does not wait for its WAL to reach the disk (synchronous_commit off): the tables
    // are derived from committed prices, and a crash that loses the last refresh leaves the stored
    // state behind the prices, which the next start recomputes (isAnalysisCurrent); its rows are
    // visible at once, and the next durable commit writes them out first.
    await t.execute(
      sql`SELECT pg_advisory_xact_lock(${ANALYSIS_LOCK_KEY}), set_config('enable_nestloop', 'off', true),
            set_config('synchronous_commit', 'off', true)
            ${traits.jit ? sql`, set_config('jit', 'off', true)` : sql``}`,
    );
    const [start] = await queryRows<RefreshStart>(
      t,
      sql`WITH latest AS MATERIALIZED (SELECT ${LATEST_TRADE_DATE} AS d)
          SELECT latest.d::text AS latest,
            (SELECT coalesce(sum(row_count), 0) FROM stock_price_dates)::text AS price_rows,
            state.id IS NOT NULL AS stored, state.as_of::text AS as_of, state.marks_as_of::text AS marks_as_of,
            state.version, state.duration_ms, state.price_rows::text AS stored_price_rows, state.computed_at::text AS computed_at,
            (SELECT array_agg(trade_date::text ORDER BY trade_date) FROM stock_price_dates
              WHERE updated_at > state.computed_at) AS unannounced,
            (SELECT array_agg(trade_date::text ORDER BY trade_date) FROM stock_price_dates
              WHERE trade_date >= state.as_of AND trade_date < latest.d) AS entering,
            (SELECT min(trade_date) FROM stock_prices)::text AS earliest
          FROM latest LEFT JOIN analysis_state state ON state.id = 1`,
    );
    const latestTradeDate = start?.latest ?? null;
    const priceRows = Number(start?.price_rows ?? 0);
    const previous: StoredState | null = start?.stored
      ? {
          asOf: start.as_of,
          marksAsOf: start.marks_as_of,
          priceRows: Number(start.stored_price_rows),
          version: Number(start.version),
          computedAt: start.computed_at ?? '',
          durationMs: Number(start.duration_ms),
        }
      : null;
    let changed = changedDates;
    // dates whose rows were written after the last computation without being announced count as changed
    if (changed && previous && start?.unannounced?.length) changed = [...changed, ...start.unannounced];
    // the trading days entering the windows when D moves on: from the old D to the new one
    const entering = start?.entering ?? [];
    const mode = await planRefresh(previous, latestTradeDate, changed, async () => entering.length);
    // the ranges as of the new D; the symbols whose divisor changed on a date the candidates cover
    // (after the old D's YEARLY start, which is the earlier one when D moves on)
    const since =
      previous?.asOf && latestTradeDate && previous.asOf <= latestTradeDate ? windowStarts(previous.asOf).YEARLY : null;
    const adjustedSymbols = await refreshAdjustments(t, latestTradeDate, mode === 'full' ? null : since);
    // the lists and extremes are read from the candidates and the rows on D (trend-lists.ts): the
    // candidates are all a refresh writes
    let done: RefreshMode = mode;
    if (mode === 'full')
      for (const statement of rebuildCandidatesStatements(latestTradeDate)) await t.execute(statement);
    if (mode === 'carried')
      await carryCandidates(t, latestTradeDate!, entering, adjustedSymbols, start?.earliest ?? null);
    if ((mode === 'lists' || mode === 'unchanged') && latestTradeDate && adjustedSymbols.length > 0) {
      await redoCandidates(t, latestTradeDate, adjustedSymbols);
      done = 'lists';
    }
    const candidatesWritten = done === 'full' || done === 'carried' || adjustedSymbols.length > 0;
    const version = (previous?.version ?? 0) + 1;
    const durationMs = Math.round(performance.now() - started);
    // now(): the database's clock at the start of this transaction, the same clock as the
    // uploads' stock_price_dates.updated_at that the next refresh compares with it
    const [row] = await queryRows<{ computed_at: string | Date; to_vacuum: string[] | null }>(
      t,
      sql`INSERT INTO analysis_state (id, as_of, marks_as_of, price_rows, version, computed_at, duration_ms)
          VALUES (1, ${latestTradeDate}, ${latestTradeDate}, ${priceRows}, ${version}, now(), ${durationMs})
          ON CONFLICT (id) DO UPDATE SET as_of = excluded.as_of, marks_as_of = excluded.marks_as_of,
            price_rows = excluded.price_rows, version = excluded.version, computed_at = excluded.computed_at,
            duration_ms = excluded.duration_ms
          RETURNING computed_at${traits.autovacuum ? sql`, ${TABLES_PAST_THRESHOLD} AS to_vacuum` : sql``}`,
    );
    return {
      toVacuum: !candidatesWritten ? [] : traits.autovacuum ? (row!.to_vacuum ?? []) : [...REWRITTEN_TABLES],
      mode: done,
      adjustedSymbols,
      asOf: latestTradeDate,
      priceRows,
      version,
      computedAt: new Date(row!.computed_at).toISOString(),
      durationMs,
    };
  });
  // a refresh that moves D rewrites every traded symbol's candidates: their dead rows are made
  // reusable, or each later refresh and read scans more of them. PGlite never vacuums: after every refresh. Where autovacuum runs:
  // only the tables past the threshold above (autovacuum comes late, at most once a minute)
  const { toVacuum, ...refreshed } = result;
  const tables = toVacuum.filter((table) => isRewritten(table));
  // (never a bare VACUUM: that would be the whole database)
  if (tables.length > 0) await db.execute(sql.raw(`VACUUM ${tables.join(', ')}`));
  return refreshed;
}
