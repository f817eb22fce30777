/**
 * Referrals between users, and the referral codes that bring them in. A user is referred once
 * (unique referred_user_id); the referrer claims a referral once (claimed_at set conditionally).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ReferralDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { referrals, users } from '../../schema/index.js';
import { ConflictError, NotFoundError } from '../../../errors.js';
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../errors.js';

/** The user whose own referral code this is (codes compare regardless of case). */
export async function findUserIdByReferralCode(db: Database, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.referralCode}) = upper(${code})`);
  return row?.id;
}

/** A referral joined with the referred user's username (all the referrer is shown of them). */
function selectReferrals(db: Database) {
  return db
    .select({
      id: referrals.id,
      referrerUserId: referrals.referrerUserId,
      referredUserId: referrals.referredUserId,
      referredUsername: users.username,
      createdAt: referrals.createdAt,
      claimedAt: referrals.claimedAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId));
}

function toReferralDto(row: Awaited<ReturnType<typeof selectReferrals>>[number]): ReferralDto {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    claimed: row.claimedAt !== null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

export async function getReferral(db: Database, id: number): Promise<ReferralDto> {
  const [row] = await selectReferrals(db).where(eq(referrals.id, id));
  if (!row) throw new NotFoundError(`Referral ${id} was not found`);
  return toReferralDto(row);
}

export async function listReferralsByReferrer(db: Database, referrerUserId: number): Promise<ReferralDto[]> {
  const rows = await selectReferrals(db)
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
