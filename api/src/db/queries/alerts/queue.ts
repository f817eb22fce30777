/**
 * What the alert worker's two queues (alert_jobs, jobs.ts; alert_digests, digests.ts) share: both keep their rows'
 * state in `state` ('PENDING' while waiting) and the moment a waiting row falls due in a column of their own.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';

/** Milliseconds until the queue's next PENDING row is due (0: due now), or null when none is waiting. */
export async function nextPendingDueInMs(
  db: Database,
  table: 'alert_jobs' | 'alert_digests',
  dueColumn: 'run_after' | 'next_attempt_at',
): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | null }>(
    db,
    sql`SELECT greatest(0, ceil(extract(epoch FROM (min(${sql.identifier(dueColumn)}) - now())) * 1000))::int AS ms
        FROM ${sql.identifier(table)} WHERE state = 'PENDING'`,
  );
  return row?.ms ?? null;
}
