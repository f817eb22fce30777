/**
 * Password reset tokens (only their SHA-256 is stored). Using a token locks its row, so two uses
 * of one token cannot both pass. The account a request names: findLoginAccount (sessions.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { passwordResetTokens, users } from '../../schema/index.js';
import { deleteUserSessions } from './sessions.js';

export async function insertResetToken(
  db: Database,
  token: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

export type ResetTokenState =
  { state: 'valid'; userId: number } | { state: 'unknown' } | { state: 'used' } | { state: 'expired' };

const tokenColumns = {
  userId: passwordResetTokens.userId,
  usedAt: passwordResetTokens.usedAt,
  expiresAt: passwordResetTokens.expiresAt,
};

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
    .select(tokenColumns)
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return tokenState(row, now);
}

/**
 * Sets the new password if the token is still valid (checked again under a row lock), ends the
 * user's existing sessions and burns every unused reset token of that user. Answers the token's
 * state before the change.
 */
export async function resetPasswordWithToken(
  db: Database,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<ResetTokenState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(tokenColumns)
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
      .for('update');
    const state = tokenState(row, now);
    if (state.state !== 'valid') return state;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, state.userId));
    // the new password ends every session, also one a thief opened with the old password
    await deleteUserSessions(tx as unknown as Database, state.userId);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, state.userId), isNull(passwordResetTokens.usedAt)));
    return state;
  });
}
