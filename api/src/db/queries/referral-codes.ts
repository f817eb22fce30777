/** Lookups of users' own referral codes. */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';

export async function findUserIdByReferralCode(db: Database, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.referralCode}) = upper(${code})`);
  return row?.id;
}
