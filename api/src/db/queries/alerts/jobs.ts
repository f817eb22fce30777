/**
 * The alert jobs' table as a queue (docs/decisions.md#alert-jobs-in-a-table): enqueued after an upload
 * (one job per key: re-uploading a day or loading an older one adds nothing), taken with SELECT … FOR UPDATE
 * SKIP LOCKED inside the transaction that does the job's work, so that on PostgreSQL and on PGlite alike a job
 * is worked on by one transaction at a time and a crash leaves it PENDING. Failures are counted outside that
 * transaction (it rolled back), with a later run_after.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { nextPendingDueInMs } from './queue.js';
import { LATEST_TRADE_DATE } from '../market/equity-series.js';
import { dataVersion } from '../data-versions.js';

export type AlertJobScope = 'PRICES' | 'CORPORATE_ACTIONS';

export interface AlertJob {
  id: number;
  jobKey: string;
  /** D: the latest trading day when the job was queued. */
  tradeDate: string;
  scope: AlertJobScope;
  attempts: number;
}

/**
 * Queues the evaluation for the latest trading day D: `prices:D` after prices were loaded (once per D, whatever
 * was uploaded: a day again or an older day finds the job there), `actions:D:<version>` after corporate actions
 * changed. Answers the job key when a job was added, null when it was there already (or no prices are loaded).
 */
export async function enqueueAlertJob(db: Database, scope: AlertJobScope): Promise<string | null> {
  const suffix =
    scope === 'PRICES' ? sql`''` : sql`':' || ${String(await dataVersion(db, 'corporate_action_events'))}::text`;
  const prefix = scope === 'PRICES' ? 'prices:' : 'actions:';
  const [row] = await queryRows<{ job_key: string }>(
    db,
    sql`INSERT INTO alert_jobs (job_key, trade_date, scope)
        SELECT ${prefix} || d.day::text || ${suffix}, d.day, ${scope}
        FROM (SELECT ${LATEST_TRADE_DATE} AS day) d WHERE d.day IS NOT NULL
        ON CONFLICT (job_key) DO NOTHING
        RETURNING job_key`,
  );
  return row?.job_key ?? null;
}

/** Inside the worker's transaction: the next due job, locked for this transaction (others skip it); null: none. */
export async function takeDueAlertJob(tx: Database): Promise<AlertJob | null> {
  const [row] = await queryRows<{
    id: number;
    job_key: string;
    trade_date: string;
    scope: AlertJobScope;
    attempts: number;
  }>(
    tx,
    sql`SELECT id, job_key, trade_date::text AS trade_date, scope, attempts FROM alert_jobs
        WHERE state = 'PENDING' AND run_after <= now()
        ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return row
    ? { id: row.id, jobKey: row.job_key, tradeDate: row.trade_date, scope: row.scope, attempts: row.attempts }
    : null;
}

/** Inside the worker's transaction: the job's end (DONE, or SKIPPED with why), at the clock's time, not the transaction's start. */
export async function finishAlertJob(
  tx: Database,
  id: number,
  state: 'DONE' | 'SKIPPED',
  outcome: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE alert_jobs SET state = ${state}, outcome = ${outcome}, attempts = attempts + 1, finished_at = clock_timestamp(), last_error = NULL
        WHERE id = ${id}`,
  );
}

/** Inside the worker's transaction: not yet (the analysis of D is being computed); due again after `delayMs`. */
export async function postponeAlertJob(tx: Database, id: number, delayMs: number, why: string): Promise<void> {
  await tx.execute(
    sql`UPDATE alert_jobs SET run_after = now() + ${delayMs} * interval '1 millisecond', outcome = ${why} WHERE id = ${id}`,
  );
}

/**
 * After the job's transaction failed (and rolled back): one more attempt counted, due again after `delayMs`, or
 * FAILED after `maxAttempts`. Answers whether it failed for good.
 */
export async function recordAlertJobFailure(
  db: Database,
  id: number,
  error: string,
  delayMs: number,
  maxAttempts: number,
): Promise<boolean> {
  const [row] = await queryRows<{ state: string }>(
    db,
    sql`UPDATE alert_jobs SET attempts = attempts + 1, last_error = ${error.slice(0, 2000)},
          run_after = now() + ${delayMs} * interval '1 millisecond',
          state = CASE WHEN attempts + 1 >= ${maxAttempts} THEN 'FAILED' ELSE 'PENDING' END,
          finished_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN now() ELSE NULL END
        WHERE id = ${id} AND state = 'PENDING' RETURNING state`,
  );
  return row?.state === 'FAILED';
}

/** Milliseconds until the next PENDING job is due (0: due now), or null when none is waiting. */
export function nextAlertJobDueInMs(db: Database): Promise<number | null> {
  return nextPendingDueInMs(db, 'alert_jobs', 'run_after');
}
