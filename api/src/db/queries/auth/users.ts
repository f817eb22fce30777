/**
 * The user account: reads as the contract's UserDto (never the password hash), creation (sign-up,
 * administrators, demo accounts) and changes of its own fields. Role changes and the last-admin
 * rule are the admin area's (queries/admin/users.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RoleDto, UserDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { roles, userRoles, users } from '../../schema/index.js';
import { ConflictError, NotFoundError } from '../../../errors.js';
import { pgError, UNIQUE_VIOLATION } from '../../errors.js';
import { deleteUserSessions } from './sessions.js';

type UserRow = typeof users.$inferSelect;

/** Picks the shown fields one by one: the row also holds the password hash and token cut-off. */
function toUserDto(row: UserRow, userRoleList: RoleDto[]): UserDto {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    mobileNo: row.mobileNo,
    profilePictureUrl: row.profilePictureUrl,
    referralCode: row.referralCode,
    roles: userRoleList,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The rows as UserDtos, with their roles read in one query. */
async function withRoles(db: Database, rows: UserRow[]): Promise<UserDto[]> {
  const byUser = new Map<number, RoleDto[]>();
  if (rows.length > 0) {
    const roleRows = await db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        inArray(
          userRoles.userId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(roles.id));
    for (const { userId, ...role } of roleRows) byUser.set(userId, [...(byUser.get(userId) ?? []), role]);
  }
  return rows.map((row) => toUserDto(row, byUser.get(row.id) ?? []));
}

export async function listUsers(db: Database): Promise<UserDto[]> {
  return withRoles(db, await db.select().from(users).orderBy(asc(users.id)));
}

export async function findUserById(db: Database, id: number): Promise<UserDto | undefined> {
  const [user] = await withRoles(db, await db.select().from(users).where(eq(users.id, id)));
  return user;
}

export async function getUserById(db: Database, id: number): Promise<UserDto> {
  const user = await findUserById(db, id);
  if (!user) throw new NotFoundError(`User ${id} was not found`);
  return user;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserDto | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  const [user] = await withRoles(db, rows);
  return user;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}

export function generateReferralCode(): string {
  // 10 characters from an alphabet without look-alikes (0/O, 1/I/L)
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** 409 with a message naming the duplicate field, for inserts and updates of users. */
export function rethrowUserConflict(error: unknown): never {
  const info = pgError(error);
  if (info?.code === UNIQUE_VIOLATION) {
    if (info.constraint?.includes('email')) throw new ConflictError('Email is already in use');
    if (info.constraint?.includes('username')) throw new ConflictError('Username already exists');
    throw new ConflictError('This user already exists');
  }
  throw error;
}

/** Usernames and e-mails are unique regardless of case: 409 before the write, with the field's own message. */
async function assertUnique(
  db: Database,
  username: string | undefined,
  email: string | undefined,
  exceptId?: number,
): Promise<void> {
  const taken = async (column: typeof users.username | typeof users.email, value: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${column}) = lower(${value})`, exceptId ? ne(users.id, exceptId) : undefined));
    return row !== undefined;
  };
  if (username !== undefined && (await taken(users.username, username)))
    throw new ConflictError('Username already exists');
  if (email !== undefined && (await taken(users.email, email))) throw new ConflictError('Email is already in use');
}

/**
 * Whether a username or an e-mail address is already taken by someone (case-insensitive): the
 * sign-up's check before it spends a password hash on the request.
 */
export async function isUsernameOrEmailTaken(db: Database, username: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) OR lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobileNo?: string | undefined;
  passwordHash: string;
  signupReferralCode?: string | undefined;
}

export async function createUser(db: Database, input: NewUser, roleIds: number[]): Promise<UserDto> {
  await assertUnique(db, input.username, input.email);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          ...input,
          mobileNo: input.mobileNo ?? null,
          referralCode: generateReferralCode(),
          signupReferralCode: input.signupReferralCode ?? null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      await replaceUserRoles(tx as unknown as Database, row.id, roleIds);
      return row.id;
    })
    .catch(rethrowUserConflict);
  return getUserById(db, id);
}

export interface UserChanges {
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  mobileNo?: string | null;
  profilePictureUrl?: string | null;
  passwordHash?: string;
}

/**
 * Changes the user's own fields. `alsoInTransaction` runs in the same transaction, before the
 * change (the admin area sets roles there, under its last-admin rule).
 */
export async function updateUser(
  db: Database,
  id: number,
  changes: UserChanges,
  alsoInTransaction?: (tx: Database) => Promise<void>,
): Promise<UserDto> {
  await getUserById(db, id);
  await assertUnique(db, changes.username, changes.email, id);
  await db
    .transaction(async (tx) => {
      await alsoInTransaction?.(tx as unknown as Database);
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id));
      // a new password ends the sessions started with the old one
      if (changes.passwordHash) await deleteUserSessions(tx as unknown as Database, id);
    })
    .catch(rethrowUserConflict);
  return getUserById(db, id);
}

/** The user's roles become exactly `roleIds` (call inside a transaction). */
export async function replaceUserRoles(db: Database, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}
