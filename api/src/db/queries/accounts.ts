/**
 * Accounts and engagement: password reset tokens, the mail outbox, subscription plans and periods,
 * referrals and contact messages. Writes that must not race (using a reset token, subscribing,
 * deleting a plan, claiming a referral) lock or update conditionally inside one transaction.
 */
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { addDays } from '@bazaar/shared';
import type { Database } from '../client.js';
import {
  contactMessages,
  mailOutbox,
  passwordResetTokens,
  referrals,
  subscriptionPlans,
  subscriptions,
  users,
} from '../schema/index.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from '../errors.js';

// ---------------------------------------------------------------- password reset

export interface ResetCandidate {
  id: number;
  username: string;
  email: string;
  firstName: string;
}

/** The account a forgot-password request names, by username or e-mail (case-insensitive). */
export async function findResetCandidate(db: Database, usernameOrEmail: string): Promise<ResetCandidate | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${usernameOrEmail}) OR lower(${users.email}) = lower(${usernameOrEmail})`,
    )
    // a username that equals someone else's e-mail: the username wins, as at login
    .orderBy(sql`lower(${users.username}) = lower(${usernameOrEmail}) DESC`)
    .limit(1);
  return row;
}

export async function insertResetToken(
  db: Database,
  token: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

export type ResetTokenState =
  { state: 'valid'; userId: number } | { state: 'unknown' } | { state: 'used' } | { state: 'expired' };

function tokenState(
  row: { userId: number; usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): ResetTokenState {
  if (!row) return { state: 'unknown' };
  if (row.usedAt) return { state: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'valid', userId: row.userId };
}

/** What a token hash is worth now, without using it. */
export async function inspectResetToken(db: Database, tokenHash: string, now: Date): Promise<ResetTokenState> {
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return tokenState(row, now);
}

/**
 * Sets the new password if the token is still valid (checked again under a row lock, so two
 * uses of one token cannot both pass), ends the user's existing sessions and burns every unused
 * reset token of that user. Answers the token's state before the change.
 */
export async function resetPasswordWithToken(
  db: Database,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<ResetTokenState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: passwordResetTokens.userId,
        usedAt: passwordResetTokens.usedAt,
        expiresAt: passwordResetTokens.expiresAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
      .for('update');
    const state = tokenState(row, now);
    if (state.state !== 'valid') return state;
    await tx
      .update(users)
      .set({ passwordHash, tokensValidAfter: now, updatedAt: now })
      .where(eq(users.id, state.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, state.userId), isNull(passwordResetTokens.usedAt)));
    return state;
  });
}

// ---------------------------------------------------------------- mail outbox

export interface OutboxMailDto {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export async function listOutboxMail(
  db: Database,
  options: { limit: number; recipient?: string | undefined },
): Promise<OutboxMailDto[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.recipient ? sql`lower(${mailOutbox.recipient}) = lower(${options.recipient})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

// ---------------------------------------------------------------- subscription plans

export interface SubscriptionPlanDto {
  id: number;
  name: string;
  description: string;
  /** Rupees, exact decimal with 2 places. */
  price: string;
  durationInDays: number;
  createdAt: string;
  updatedAt: string;
}

/** A plan as administrators see it: with the number of users whose period of it covers today or later. */
export interface AdminSubscriptionPlanDto extends SubscriptionPlanDto {
  activeSubscribers: number;
}

export interface SubscriptionPlanInput {
  name: string;
  description: string;
  price: string;
  durationInDays: number;
}

type PlanRow = typeof subscriptionPlans.$inferSelect;

function toPlanDto(row: PlanRow): SubscriptionPlanDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    durationInDays: row.durationInDays,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Plans by price, then name: the order of the plan cards. */
export async function listSubscriptionPlans(db: Database): Promise<SubscriptionPlanDto[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.price), asc(subscriptionPlans.name), asc(subscriptionPlans.id));
  return rows.map(toPlanDto);
}

export async function listSubscriptionPlansForAdmin(db: Database, today: string): Promise<AdminSubscriptionPlanDto[]> {
  const plans = await listSubscriptionPlans(db);
  const counts = await db
    .select({ planId: subscriptions.planId, users: sql<number>`count(distinct ${subscriptions.userId})::int` })
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

/**
 * Deletes a plan unless someone's period of it covers today or later (409). The plan row is
 * locked first, so a subscription taken at the same moment either comes first (and blocks the
 * delete) or waits and finds the plan gone.
 */
export async function deleteSubscriptionPlan(db: Database, id: number, today: string): Promise<SubscriptionPlanDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
    if (!row) throw new NotFoundError(`Subscription plan ${id} was not found`);
    const [active] = await tx
      .select({ users: sql<number>`count(distinct ${subscriptions.userId})::int` })
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

// ---------------------------------------------------------------- subscriptions

export interface SubscriptionPeriodDto {
  id: number;
  userId: number;
  /** Null when the plan has since been deleted. */
  planId: number | null;
  planName: string;
  price: string;
  startDate: string;
  endDate: string;
  createdAt: string;
}

export interface UserSubscriptionDto {
  /** The period covering today, or null. */
  current: SubscriptionPeriodDto | null;
  /** The last day covered by the periods from today on (periods chain without gaps), or null. */
  activeUntil: string | null;
  /** Every period, latest first. */
  periods: SubscriptionPeriodDto[];
}

type PeriodRow = typeof subscriptions.$inferSelect;

function toPeriodDto(row: PeriodRow): SubscriptionPeriodDto {
  return {
    id: row.id,
    userId: row.userId,
    planId: row.planId,
    planName: row.planName,
    price: row.price,
    startDate: row.startDate,
    endDate: row.endDate,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Subscribes a user to a plan for the plan's duration: from today when nothing is active, else
 * from the day after the current end (subscribing again extends). A period of D days starting on
 * S ends on S + D − 1. The user's row is locked so two subscriptions at once chain, not overlap.
 */
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

// ---------------------------------------------------------------- referrals

export interface ReferralDto {
  id: number;
  referrerUserId: number;
  referredUserId: number;
  /** The referred user's username (the referrer invited them; nothing more about them is shown). */
  referredUsername: string;
  createdAt: string;
  claimed: boolean;
  claimedAt: string | null;
}

export async function findUserIdByUsername(
  db: Database,
  username: string,
): Promise<{ id: number; username: string; referralCode: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, referralCode: users.referralCode })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function userExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

const referralColumns = {
  id: referrals.id,
  referrerUserId: referrals.referrerUserId,
  referredUserId: referrals.referredUserId,
  referredUsername: users.username,
  createdAt: referrals.createdAt,
  claimedAt: referrals.claimedAt,
};

function toReferralDto(row: {
  id: number;
  referrerUserId: number;
  referredUserId: number;
  referredUsername: string;
  createdAt: Date;
  claimedAt: Date | null;
}): ReferralDto {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    claimed: row.claimedAt !== null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

export async function getReferral(db: Database, id: number): Promise<ReferralDto> {
  const [row] = await db
    .select(referralColumns)
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.id, id));
  if (!row) throw new NotFoundError(`Referral ${id} was not found`);
  return toReferralDto(row);
}

export async function listReferralsByReferrer(db: Database, referrerUserId: number): Promise<ReferralDto[]> {
  const rows = await db
    .select(referralColumns)
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerUserId, referrerUserId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  return rows.map(toReferralDto);
}

/** Records that one user referred another; a user is referred once (409 for a second referral). */
export async function createReferral(
  db: Database,
  referrerUserId: number,
  referredUserId: number,
): Promise<ReferralDto> {
  const [row] = await db
    .insert(referrals)
    .values({ referrerUserId, referredUserId })
    .returning({ id: referrals.id })
    .catch((error: unknown) => {
      const info = pgError(error);
      if (info?.code === UNIQUE_VIOLATION) throw new ConflictError('This user has already been referred');
      if (info?.code === FOREIGN_KEY_VIOLATION)
        throw new NotFoundError('The referrer or the referred user does not exist');
      throw error;
    });
  if (!row) throw new Error('insert returned no row');
  return getReferral(db, row.id);
}

/** The sign-up hook: records the referral quietly if the new user was not referred yet. */
export async function recordSignupReferral(
  db: Database,
  referrerUserId: number,
  referredUserId: number,
): Promise<void> {
  if (referrerUserId === referredUserId) return;
  await db.insert(referrals).values({ referrerUserId, referredUserId }).onConflictDoNothing();
}

/** Marks a referral claimed once; answers false when it already was. */
export async function markReferralClaimed(db: Database, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(referrals)
    .set({ claimedAt: now })
    .where(and(eq(referrals.id, id), isNull(referrals.claimedAt)))
    .returning({ id: referrals.id });
  return updated.length === 1;
}

// ---------------------------------------------------------------- contact messages

export interface ContactMessageInput {
  firstName: string;
  lastName: string;
  email: string;
  mobileNo?: string | undefined;
  message: string;
}

export interface ContactMessageDto {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNo: string | null;
  message: string;
  /** The sender's username when they were logged in. */
  username: string | null;
  createdAt: string;
}

export async function createContactMessage(
  db: Database,
  input: ContactMessageInput,
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, mobileNo: input.mobileNo ?? null, userId })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function listContactMessages(db: Database, limit: number): Promise<ContactMessageDto[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: contactMessages.email,
      mobileNo: contactMessages.mobileNo,
      message: contactMessages.message,
      username: users.username,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
