/**
 * The caller's alert rules (/user/alert-rules, docs/product/alerts.md#rules): list, make, delete. Owner-only:
 * every query takes the owner's user id. At most MAX_ALERT_RULES_PER_USER each, counted under a per-user lock so
 * two requests at once cannot pass the limit together; a rule made again (same symbol, kind and value) answers
 * the one there.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ALERT_KIND_RULES,
  ALERT_RULES_FULL_MESSAGE,
  alertRuleKey,
  describeAlertRule,
  MAX_ALERT_RULES_PER_USER,
  type AlertRuleKind,
} from '@bazaar/shared';
import type { AlertRuleDto, NewAlertRule } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { alertRules } from '../../schema/index.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { latestPrices } from '../portfolio/quotes.js';

/** Serialises one user's rule writes (pg_advisory_xact_lock's first key; the watch list uses its own). */
const ALERT_RULES_LOCK_KEY = 7_246_031;

type AlertRuleRow = typeof alertRules.$inferSelect;

function toDto(row: AlertRuleRow): AlertRuleDto {
  const kind = row.kind as AlertRuleKind;
  return {
    id: row.id,
    symbol: row.symbol,
    kind,
    value: row.value,
    description: describeAlertRule({ symbol: row.symbol, kind, value: row.value }),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's rules: those for every symbol first, then by symbol, kind and age. */
export async function listAlertRules(db: Database, userId: number): Promise<AlertRuleDto[]> {
  const rows = await db
    .select()
    .from(alertRules)
    .where(eq(alertRules.userId, userId))
    .orderBy(
      sql`${alertRules.symbol} IS NOT NULL`,
      asc(sql`${alertRules.symbol} COLLATE "C"`),
      asc(alertRules.kind),
      asc(alertRules.id),
    );
  return rows.map(toDto);
}

/**
 * Makes a rule (its value already checked and normalised by the contract). A symbol must have loaded prices;
 * a stop-loss or target needs an open holding of it. Answers the rule and whether it was made (false: the same
 * rule was there already).
 */
export async function createAlertRule(
  db: Database,
  userId: number,
  rule: NewAlertRule,
): Promise<{ rule: AlertRuleDto; created: boolean }> {
  if (rule.symbol !== null && !(await latestPrices(db, [rule.symbol])).has(rule.symbol))
    throw new BadRequestError(
      `Unknown symbol ${rule.symbol}: no prices are loaded for it; choose a symbol from the list`,
    );
  if (ALERT_KIND_RULES[rule.kind].holdingsOnly && rule.symbol !== null) {
    const [held] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM holdings WHERE user_id = ${userId} AND symbol = ${rule.symbol} AND status = 'UNREALIZED'`,
    );
    if ((held?.n ?? 0) === 0)
      throw new BadRequestError(
        `A ${rule.kind === 'STOP_LOSS' ? 'stop-loss' : 'target'} is set on a holding's price: you hold no ${rule.symbol} now`,
      );
  }
  const ruleKey = alertRuleKey(rule.kind, rule.value);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALERT_RULES_LOCK_KEY}, ${userId})`);
    const [existing] = await tx
      .select()
      .from(alertRules)
      .where(
        and(
          eq(alertRules.userId, userId),
          eq(alertRules.ruleKey, ruleKey),
          rule.symbol === null ? sql`${alertRules.symbol} IS NULL` : eq(alertRules.symbol, rule.symbol),
        ),
      );
    if (existing) return { rule: toDto(existing), created: false };
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(alertRules)
      .where(eq(alertRules.userId, userId));
    if ((counted?.n ?? 0) >= MAX_ALERT_RULES_PER_USER) throw new BadRequestError(ALERT_RULES_FULL_MESSAGE);
    const [created] = await tx
      .insert(alertRules)
      .values({ userId, symbol: rule.symbol, kind: rule.kind, value: rule.value, ruleKey })
      .returning();
    return { rule: toDto(created!), created: true };
  });
}

/** Deletes one of the caller's rules (another user's id: 404, as if it did not exist). Its notifications stay. */
export async function deleteAlertRule(db: Database, userId: number, id: number): Promise<AlertRuleDto> {
  const [deleted] = await db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
    .returning();
  if (!deleted) throw new NotFoundError(`Alert rule ${id} not found`);
  return toDto(deleted);
}
