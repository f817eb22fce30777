/**
 * The periods users subscribe for. A period of D days starting on S ends on S + D − 1; subscribing
 * again starts the day after the last period ends. The user's row is locked so two subscriptions
 * at once chain, not overlap.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { addDays } from '@bazaar/shared';
import type { SubscriptionPeriodDto, UserSubscriptionDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { subscriptionPlans, subscriptions, users } from '../../schema/index.js';
import { NotFoundError } from '../../../errors.js';

type PeriodRow = typeof subscriptions.$inferSelect;

function toPeriodDto(row: PeriodRow): SubscriptionPeriodDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Subscribes a user to a plan for its duration: from today when nothing is active, else from the day after the current end. */
export async function subscribeUser(
  db: Database,
  userId: number,
  planId: number,
  today: string,
): Promise<SubscriptionPeriodDto> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new NotFoundError(`User ${userId} was not found`);
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).for('share');
    if (!plan) throw new NotFoundError(`Subscription plan ${planId} was not found`);
    const [latest] = await tx
      .select({ endDate: sql<string | null>`max(${subscriptions.endDate})` })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), gte(subscriptions.endDate, today)));
    const startDate = latest?.endDate ? addDays(latest.endDate, 1) : today;
    const endDate = addDays(startDate, plan.durationInDays - 1);
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId, planId, planName: plan.name, price: plan.price, startDate, endDate })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toPeriodDto(row);
  });
}

export async function getUserSubscription(db: Database, userId: number, today: string): Promise<UserSubscriptionDto> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
  const periods = rows.map(toPeriodDto);
  const current = periods.find((period) => period.startDate <= today && period.endDate >= today) ?? null;
  // YYYY-MM-DD strings compare in date order
  const activeUntil = periods
    .filter((period) => period.endDate >= today)
    .reduce<string | null>((max, period) => (max === null || period.endDate > max ? period.endDate : max), null);
  return { current, activeUntil, periods };
}
