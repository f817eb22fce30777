/**
 * API keys (docs/product/developer.md): made, listed and revoked by their owner; found by their public id on every
 * request a key makes, with what the owner's quota is today (the plan of the subscription period covering today,
 * or none: the free quota of the configuration).
 */
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@bazaar/shared';
import type { Database } from '../../client.js';
import { apiKeys, subscriptionPlans, subscriptions, users } from '../../schema/index.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface NewApiKey {
  userId: number;
  name: string;
  scopes: ApiKeyScope[];
  publicId: string;
  secretHash: string;
  expiresAt: Date;
}

/**
 * Stores a new key unless the user already holds `maxActive` unrevoked, unexpired keys (then 400 with
 * `tooManyMessage`). The user's row is locked, so two keys made at the same moment cannot both pass the count.
 */
export async function insertApiKey(
  db: Database,
  key: NewApiKey,
  limits: { maxActive: number; tooManyMessage: string; now: Date },
): Promise<ApiKeyRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, key.userId)).for('update');
    if (!user) throw new NotFoundError(`User ${key.userId} was not found`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, limits.now)));
    if (Number(held?.count ?? 0) >= limits.maxActive) throw new BadRequestError(limits.tooManyMessage);
    const [row] = await tx
      .insert(apiKeys)
      .values({ ...key, createdAt: limits.now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** The user's keys that were not revoked (expired ones too, so none disappears silently), newest first. */
export async function listApiKeys(db: Database, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes the user's key; its public id, or undefined when the user has no such unrevoked key. */
export async function revokeApiKey(db: Database, userId: number, id: number, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ publicId: apiKeys.publicId });
  return row?.publicId;
}

/** A key as every request checks it: the row, its owner's name and the owner's plan quota today (null: none). */
export interface KeyOnRecord {
  id: number;
  userId: number;
  username: string;
  scopes: string[];
  secretHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  planQuota: { dailyRequests: number; pointsPerMinute: number } | null;
}

/** The key with this public id, or undefined. One query on the key's unique index and the owner's periods. */
export async function findApiKey(db: Database, publicId: string, today: string): Promise<KeyOnRecord | undefined> {
  const plan = db
    .select({
      dailyRequests: subscriptionPlans.apiDailyRequests,
      pointsPerMinute: subscriptionPlans.apiPointsPerMinute,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, apiKeys.userId),
        sql`${subscriptions.startDate} <= ${today}`,
        sql`${subscriptions.endDate} >= ${today}`,
      ),
    )
    .orderBy(desc(subscriptions.startDate))
    .limit(1)
    .as('plan');
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      username: users.username,
      scopes: apiKeys.scopes,
      secretHash: apiKeys.secretHash,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      dailyRequests: plan.dailyRequests,
      pointsPerMinute: plan.pointsPerMinute,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoinLateral(plan, sql`true`)
    .where(eq(apiKeys.publicId, publicId));
  if (!row) return undefined;
  const { dailyRequests, pointsPerMinute, ...key } = row;
  return {
    ...key,
    planQuota: dailyRequests !== null && pointsPerMinute !== null ? { dailyRequests, pointsPerMinute } : null,
  };
}

/** Notes a use of the key at `at` from `from`, unless one was noted within the minute before (false then). */
export async function touchApiKey(db: Database, id: number, at: Date, from: string): Promise<boolean> {
  const minuteBefore = new Date(at.getTime() - 60_000);
  const touched = await db
    .update(apiKeys)
    .set({ lastUsedAt: at, lastUsedFrom: from.slice(0, 64) })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteBefore))))
    .returning({ id: apiKeys.id });
  return touched.length > 0;
}
