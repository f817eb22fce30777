/**
 * Subscription plans. Names are unique regardless of case. Deleting a plan locks its row first,
 * so a subscription taken at the same moment either comes first (and blocks the delete) or waits
 * and finds the plan gone.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type {
  AdminSubscriptionPlanDto,
  SubscriptionPlanDto,
  SubscriptionPlanValues as SubscriptionPlanInput,
} from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { subscriptionPlans, subscriptions } from '../../schema/index.js';
import { ConflictError, NotFoundError } from '../../../errors.js';
import { pgError, UNIQUE_VIOLATION } from '../../errors.js';

type PlanRow = typeof subscriptionPlans.$inferSelect;

function toPlanDto(row: PlanRow): SubscriptionPlanDto {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Plans by price, then name: the order of the plan cards. */
export async function listSubscriptionPlans(db: Database): Promise<SubscriptionPlanDto[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.price), asc(subscriptionPlans.name), asc(subscriptionPlans.id));
  return rows.map(toPlanDto);
}

/** Users whose period of the plan(s) covers `today` or later. */
const activeSubscribers = sql<number>`count(distinct ${subscriptions.userId})::int`;

/** The plans as administrators see them: with their number of active subscribers. */
export async function listSubscriptionPlansForAdmin(db: Database, today: string): Promise<AdminSubscriptionPlanDto[]> {
  const plans = await listSubscriptionPlans(db);
  const counts = await db
    .select({ planId: subscriptions.planId, users: activeSubscribers })
    .from(subscriptions)
    .where(gte(subscriptions.endDate, today))
    .groupBy(subscriptions.planId);
  const byPlan = new Map(counts.map((row) => [row.planId, Number(row.users)]));
  return plans.map((plan) => ({ ...plan, activeSubscribers: byPlan.get(plan.id) ?? 0 }));
}

export async function getSubscriptionPlan(db: Database, id: number): Promise<SubscriptionPlanDto> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  if (!row) throw new NotFoundError(`Subscription plan ${id} was not found`);
  return toPlanDto(row);
}

const PLAN_NAME_TAKEN = 'A subscription plan with this name already exists';

function rethrowPlanConflict(error: unknown): never {
  if (pgError(error)?.code === UNIQUE_VIOLATION) throw new ConflictError(PLAN_NAME_TAKEN);
  throw error;
}

async function assertPlanNameFree(db: Database, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(
      and(
        sql`lower(${subscriptionPlans.name}) = lower(${name})`,
        exceptId !== undefined ? sql`${subscriptionPlans.id} <> ${exceptId}` : undefined,
      ),
    );
  if (taken) throw new ConflictError(PLAN_NAME_TAKEN);
}

export async function createSubscriptionPlan(db: Database, input: SubscriptionPlanInput): Promise<SubscriptionPlanDto> {
  await assertPlanNameFree(db, input.name);
  const [row] = await db.insert(subscriptionPlans).values(input).returning().catch(rethrowPlanConflict);
  if (!row) throw new Error('insert returned no row');
  return toPlanDto(row);
}

/** Changes apply to later subscriptions; periods already taken keep their dates, name and price. */
export async function updateSubscriptionPlan(
  db: Database,
  id: number,
  input: SubscriptionPlanInput,
): Promise<SubscriptionPlanDto> {
  await getSubscriptionPlan(db, id);
  await assertPlanNameFree(db, input.name, id);
  const [row] = await db
    .update(subscriptionPlans)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id))
    .returning()
    .catch(rethrowPlanConflict);
  if (!row) throw new NotFoundError(`Subscription plan ${id} was not found`);
  return toPlanDto(row);
}

/** Deletes a plan unless someone's period of it covers today or later (409). */
export async function deleteSubscriptionPlan(db: Database, id: number, today: string): Promise<SubscriptionPlanDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
    if (!row) throw new NotFoundError(`Subscription plan ${id} was not found`);
    const [active] = await tx
      .select({ users: activeSubscribers })
      .from(subscriptions)
      .where(and(eq(subscriptions.planId, id), gte(subscriptions.endDate, today)));
    const subscribers = Number(active?.users ?? 0);
    if (subscribers > 0) {
      throw new ConflictError(
        `The plan ${row.name} has ${subscribers} active subscriber${subscribers === 1 ? '' : 's'}; it can be deleted once their subscriptions have ended`,
      );
    }
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    return toPlanDto(row);
  });
}
