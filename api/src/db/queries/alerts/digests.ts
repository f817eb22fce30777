/**
 * The e-mail digests' delivery states (docs/decisions.md#a-digest-is-sent-at-most-once): a sender claims due
 * digests (PENDING → SENDING, committed before any SMTP exchange, SKIP LOCKED so that instances take different
 * ones), reads what each carries, and records the outcome: SENT, PENDING again after a back-off, FAILED after the
 * last attempt, SKIPPED when the investor turned the digest off. A SENDING digest whose sender vanished is never
 * sent again: it becomes UNCERTAIN.
 */
import { sql } from 'drizzle-orm';
import type { AlertRuleKind } from '@bazaar/shared';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { nextPendingDueInMs } from './queue.js';

export interface ClaimedDigest {
  id: number;
  userId: number;
  tradeDate: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** Claims up to `limit` due digests for this sender. */
export async function claimDueDigests(db: Database, limit: number): Promise<ClaimedDigest[]> {
  const rows = await queryRows<{ id: number; user_id: number; trade_date: string; attempts: number }>(
    db,
    sql`UPDATE alert_digests SET state = 'SENDING', attempts = attempts + 1, claimed_at = now()
        WHERE id IN (
          SELECT id FROM alert_digests WHERE state = 'PENDING' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, trade_date::text AS trade_date, attempts`,
  );
  return rows.map((row) => ({ id: row.id, userId: row.user_id, tradeDate: row.trade_date, attempts: row.attempts }));
}

export interface DigestContent {
  firstName: string;
  email: string;
  /** The investor's setting now (off: the digest is not sent). */
  emailDigest: boolean;
  alerts: Array<{ date: string; symbol: string; kind: AlertRuleKind; message: string }>;
}

/** What a claimed digest carries: its investor and alerts (newest day first, then by symbol). */
export async function digestContent(db: Database, digestId: number): Promise<DigestContent | null> {
  const [row] = await queryRows<{ first_name: string; email: string; email_digest: boolean | null; alerts: string }>(
    db,
    sql`SELECT u.first_name, u.email, s.email_digest,
          (SELECT coalesce(json_agg(json_build_array(n.trade_date::text, n.symbol, n.kind, n.message)
             ORDER BY n.trade_date DESC, n.symbol COLLATE "C", n.kind, n.id), '[]')::text
           FROM alert_notifications n WHERE n.digest_id = d.id) AS alerts
        FROM alert_digests d
        JOIN users u ON u.id = d.user_id
        LEFT JOIN alert_settings s ON s.user_id = d.user_id
        WHERE d.id = ${digestId}`,
  );
  if (!row) return null;
  const alerts = (JSON.parse(row.alerts) as Array<[string, string, AlertRuleKind, string]>).map(
    ([date, symbol, kind, message]) => ({ date, symbol, kind, message }),
  );
  return { firstName: row.first_name, email: row.email, emailDigest: row.email_digest ?? true, alerts };
}

/** Records a delivered digest (only while this sender holds it: SENDING). */
export async function markDigestSent(db: Database, id: number, messageId: string): Promise<void> {
  await db.execute(
    sql`UPDATE alert_digests SET state = 'SENT', sent_at = clock_timestamp(), message_id = ${messageId}, last_error = NULL
        WHERE id = ${id} AND state = 'SENDING'`,
  );
}

/** A digest not sent on purpose (the investor turned the digest off, or nothing is left to say). */
export async function markDigestSkipped(db: Database, id: number, why: string): Promise<void> {
  await db.execute(sql`UPDATE alert_digests SET state = 'SKIPPED', last_error = ${why} WHERE id = ${id}`);
}

/** A refused or failed attempt: due again after `delayMs`, or FAILED when `final`. */
export async function markDigestRetry(
  db: Database,
  id: number,
  error: string,
  delayMs: number,
  final: boolean,
): Promise<void> {
  await db.execute(
    sql`UPDATE alert_digests SET state = ${final ? 'FAILED' : 'PENDING'}, last_error = ${error.slice(0, 2000)},
          next_attempt_at = now() + ${delayMs} * interval '1 millisecond', claimed_at = NULL
        WHERE id = ${id} AND state = 'SENDING'`,
  );
}

/** A digest whose SMTP exchange may have completed before it ended: never sent again. */
export async function markDigestUncertain(db: Database, id: number, why: string): Promise<void> {
  await db.execute(
    sql`UPDATE alert_digests SET state = 'UNCERTAIN', last_error = ${why.slice(0, 2000)} WHERE id = ${id} AND state = 'SENDING'`,
  );
}

/** SENDING digests claimed longer ago than `olderThanMs` (their sender died or hung): UNCERTAIN. Answers how many. */
export async function settleAbandonedDigests(db: Database, olderThanMs: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE alert_digests SET state = 'UNCERTAIN',
          last_error = 'the sender stopped during the SMTP exchange: not sent again, it may have been delivered'
        WHERE state = 'SENDING' AND claimed_at < now() - ${olderThanMs} * interval '1 millisecond'
        RETURNING id`,
  );
  return rows.length;
}

/** Milliseconds until the next PENDING digest is due (0: now), or null when none waits. */
export function nextDigestDueInMs(db: Database): Promise<number | null> {
  return nextPendingDueInMs(db, 'alert_digests', 'next_attempt_at');
}
