/** Logging in and checking a session: the account a login names, and the session user of a token. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { roles, userRoles, users } from '../../schema/index.js';

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

/** The session check on every authenticated request: the user's roles and token cut-off. */
export async function findSessionUser(
  db: Database,
  id: number,
): Promise<{ id: number; username: string; roles: string[]; tokensValidAfter: Date | null } | undefined> {
  const rows = await db
    .select({ id: users.id, username: users.username, tokensValidAfter: users.tokensValidAfter, role: roles.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, id));
  const first = rows[0];
  if (!first) return undefined;
  return {
    id: first.id,
    username: first.username,
    tokensValidAfter: first.tokensValidAfter,
    roles: rows.map((row) => row.role).filter((role): role is string => role !== null),
  };
}
