/**
 * Logging in and checking a session: the account a login names, the open sessions (one row per login, the
 * token's jti; docs/decisions.md#sessions-end-on-the-server) and the session user of a token.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { roles, sessions, userRoles, users } from '../../schema/index.js';

export interface LoginAccount {
  id: number;
  username: string;
  email: string;
  firstName: string;
  passwordHash: string;
}

/**
 * The account a login or a forgot-password request names, by username or e-mail (case-insensitive).
 * A username that equals someone else's e-mail: the username wins.
 */
export async function findLoginAccount(db: Database, usernameOrEmail: string): Promise<LoginAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${usernameOrEmail}) OR lower(${users.email}) = lower(${usernameOrEmail})`,
    )
    .orderBy(sql`lower(${users.username}) = lower(${usernameOrEmail}) DESC`)
    .limit(1);
  return row;
}

/**
 * The session check on every authenticated request, one query on primary keys: the user and their roles when
 * the session is still open (its row exists and belongs to the user), else undefined.
 */
export async function findSessionUser(
  db: Database,
  id: number,
  sessionId: string,
): Promise<{ id: number; username: string; roles: string[] } | undefined> {
  const rows = await db
    .select({ id: users.id, username: users.username, role: roles.name })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, id));
  const first = rows[0];
  if (!first) return undefined;
  return {
    id: first.id,
    username: first.username,
    roles: rows.map((row) => row.role).filter((role): role is string => role !== null),
  };
}

/** Opens a session (at login): its id goes into the token as `jti`. */
export async function insertSession(
  db: Database,
  session: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** Ends one session of the user (logout); false when it was not open. */
export async function deleteSession(db: Database, sessionId: string, userId: number): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * Ends every session of the user: a new password (change or reset) and a change of roles. Call it in the
 * transaction of that change, so no request sees the new password or roles with an old session.
 */
export async function deleteUserSessions(db: Database, userId: number): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** Drops the rows of sessions whose tokens have expired (they could not be used anyway). */
export async function purgeExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
