/**
 * The alerts area (docs/product/alerts.md): the rules investors make, their settings (the e-mail digest and the
 * default rules, all on for an investor without a row), the notifications the rules fired, the durable jobs that
 * evaluate the rules after an upload and the e-mail digests those jobs queue.
 *
 * Once per rule and day (docs/decisions.md#alerts-fire-once-per-rule-and-day): a notification is unique by user,
 * rule identity (kind and value), symbol, trading day and event (a corporate action's ex-date, kind and label; a
 * trend list's side; '' otherwise), a digest by user and trading day, a job by its key. Re-running a job, two
 * instances running it, or a crash in the middle can therefore never store or send a thing twice.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, idColumn, instant, requiredRef, symbolColumn } from './columns.js';

/** A rule an investor made (at most 200 each, checked by the API); `symbol` null: every held and watched symbol. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: idColumn(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    symbol: symbolColumn(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The value normalised (shared/src/alerts/rules.ts): a decimal, a trend period, or null. */
    value: varchar('value', { length: 40 }),
    /** kind:value, the identity notifications are kept once per (alertRuleKey). */
    ruleKey: varchar('rule_key', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('alert_rules_user_idx').on(table.userId),
    // one rule per symbol, kind and value: making it again answers the one there
    unique('alert_rules_identity_key').on(table.userId, table.ruleKey, table.symbol).nullsNotDistinct(),
  ],
);

/** An investor's alert settings; no row: all on (the defaults exist without being stored). */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailDigest: boolean('email_digest').notNull().default(true),
  newYearHighLow: boolean('new_year_high_low').notNull().default(true),
  upcomingCorporateActions: boolean('upcoming_corporate_actions').notNull().default(true),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * One evaluation of the rules: for the prices of trading day D (`scope` PRICES, key `prices:D`) or for the
 * corporate actions loaded while D is the latest day (`scope` CORPORATE_ACTIONS, key `actions:D:<version>`).
 * A worker takes a PENDING job with SELECT … FOR UPDATE SKIP LOCKED and does all its work in that transaction,
 * so a crash rolls everything back and leaves it PENDING for the next start (docs/decisions.md#alert-jobs-in-a-table).
 */
export const alertJobs = pgTable(
  'alert_jobs',
  {
    id: idColumn(),
    jobKey: varchar('job_key', { length: 100 }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    scope: varchar('scope', { length: 20 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: instant('run_after').notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
    /** What the run did ("42 notifications for 7 investors, 5 digests queued") or why it was skipped. */
    outcome: text('outcome'),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('alert_jobs_key').on(table.jobKey),
    index('alert_jobs_due_idx')
      .on(table.runAfter)
      .where(sql`${table.state} = 'PENDING'`),
    check('alert_jobs_state_check', sql`${table.state} in ('PENDING', 'DONE', 'SKIPPED', 'FAILED')`),
    check('alert_jobs_scope_check', sql`${table.scope} in ('PRICES', 'CORPORATE_ACTIONS')`),
  ],
);

/**
 * The e-mail of one investor's alerts of one trading day. PENDING → SENDING (claimed, committed before the SMTP
 * exchange) → SENT; a refusal or failure goes back to PENDING with a later `nextAttemptAt` until FAILED; a SENDING
 * row whose sender vanished becomes UNCERTAIN and is never sent again (at most once:
 * docs/decisions.md#a-digest-is-sent-at-most-once); SKIPPED when the investor turned the digest off meanwhile.
 */
export const alertDigests = pgTable(
  'alert_digests',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    claimedAt: instant('claimed_at'),
    sentAt: instant('sent_at'),
    messageId: varchar('message_id', { length: 200 }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('alert_digests_user_day_key').on(table.userId, table.tradeDate),
    index('alert_digests_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'PENDING'`),
    index('alert_digests_sending_idx')
      .on(table.claimedAt)
      .where(sql`${table.state} = 'SENDING'`),
    check(
      'alert_digests_state_check',
      sql`${table.state} in ('PENDING', 'SENDING', 'SENT', 'FAILED', 'UNCERTAIN', 'SKIPPED')`,
    ),
  ],
);

/**
 * An alert that fired: what the bell counts and the list shows. `mail`: it goes into an e-mail digest (the
 * investor's digest was on when it fired); `digestId`: the digest that carries it (null while waiting for one).
 * A job writes some 50,000 of these at once, so the only foreign key is the investor's (its deletion takes them
 * along): `rule_key` and `symbol` say which rule fired (a deleted rule's notifications stay), and a digest is
 * deleted only with its investor (docs/decisions.md#alerts-evaluated-and-stored-on-the-database-server).
 */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    ruleKey: varchar('rule_key', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    symbol: symbolColumn().notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    eventKey: varchar('event_key', { length: 120 }).notNull().default(''),
    message: text('message').notNull(),
    readAt: instant('read_at'),
    mail: boolean('mail').notNull(),
    digestId: integer('digest_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('alert_notifications_once_key').on(
      table.userId,
      table.ruleKey,
      table.symbol,
      table.tradeDate,
      table.eventKey,
    ),
    index('alert_notifications_user_newest_idx').on(table.userId, table.tradeDate.desc(), table.id.desc()),
    index('alert_notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('alert_notifications_to_mail_idx')
      .on(table.userId)
      .where(sql`${table.mail} and ${table.digestId} is null`),
    index('alert_notifications_digest_idx').on(table.digestId),
  ],
);
