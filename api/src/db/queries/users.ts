/** Accounts and roles: the queries behind /auth, /admin/users, /admin/roles and the profile. */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_STAFF, ROLE_USER } from '@bazaar/shared';
import type { Database } from '../client.js';
import { roles, userRoles, users } from '../schema/index.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { pgError, UNIQUE_VIOLATION } from '../errors.js';

export const BUILT_IN_ROLES = [ROLE_USER, ROLE_STAFF, ROLE_ADMIN] as const;

export interface RoleDto {
  id: number;
  name: string;
}

/** A user as the API shows it: never the password hash. */
export interface UserDto {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobileNo: string | null;
  profilePictureUrl: string | null;
  referralCode: string;
  roles: RoleDto[];
  createdAt: string;
  updatedAt: string;
}

type UserRow = typeof users.$inferSelect;

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

async function rolesByUser(db: Database, userIds: number[]): Promise<Map<number, RoleDto[]>> {
  const result = new Map<number, RoleDto[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const row of rows) {
    const list = result.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    result.set(row.userId, list);
  }
  return result;
}

export async function listUsers(db: Database): Promise<UserDto[]> {
  const rows = await db.select().from(users).orderBy(asc(users.id));
  const roleMap = await rolesByUser(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toUserDto(row, roleMap.get(row.id) ?? []));
}

export async function findUserById(db: Database, id: number): Promise<UserDto | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) return undefined;
  const roleMap = await rolesByUser(db, [row.id]);
  return toUserDto(row, roleMap.get(row.id) ?? []);
}

export async function getUserById(db: Database, id: number): Promise<UserDto> {
  const user = await findUserById(db, id);
  if (!user) throw new NotFoundError(`User ${id} was not found`);
  return user;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserDto | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!row) return undefined;
  const roleMap = await rolesByUser(db, [row.id]);
  return toUserDto(row, roleMap.get(row.id) ?? []);
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

/** Login lookup by username (or e-mail), case-insensitive, with the password hash. */
export async function findCredentials(
  db: Database,
  usernameOrEmail: string,
): Promise<{ id: number; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${usernameOrEmail}) OR lower(${users.email}) = lower(${usernameOrEmail})`,
    )
    .orderBy(sql`lower(${users.username}) = lower(${usernameOrEmail}) DESC`)
    .limit(1);
  return row;
}

export function generateReferralCode(): string {
  // 10 characters from an alphabet without look-alikes (0/O, 1/I/L)
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** 409 with a message naming the duplicate field, for inserts and updates of users. */
function rethrowUserConflict(error: unknown): never {
  const info = pgError(error);
  if (info?.code === UNIQUE_VIOLATION) {
    if (info.constraint?.includes('email')) throw new ConflictError('Email is already in use');
    if (info.constraint?.includes('username')) throw new ConflictError('Username already exists');
    throw new ConflictError('This user already exists');
  }
  throw error;
}

async function assertUnique(
  db: Database,
  username: string | undefined,
  email: string | undefined,
  exceptId?: number,
): Promise<void> {
  if (username !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined));
    if (taken) throw new ConflictError('Username already exists');
  }
  if (email !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? ne(users.id, exceptId) : undefined));
    if (taken) throw new ConflictError('Email is already in use');
  }
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

export async function getRoleByName(db: Database, name: string): Promise<RoleDto | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row;
}

/** Resolves a role reference ({id} or {name}) to an existing role, else 400-worthy undefined. */
export async function resolveRole(
  db: Database,
  ref: { id?: number | undefined; name?: string | undefined },
): Promise<RoleDto | undefined> {
  if (ref.id !== undefined) {
    const [row] = await db.select().from(roles).where(eq(roles.id, ref.id));
    if (row && (ref.name === undefined || ref.name === row.name)) return row;
    if (row) return undefined;
  }
  if (ref.name !== undefined) return getRoleByName(db, ref.name);
  return undefined;
}

export async function createUser(db: Database, input: NewUser, roleIds: number[]): Promise<UserDto> {
  await assertUnique(db, input.username, input.email);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          email: input.email,
          mobileNo: input.mobileNo ?? null,
          passwordHash: input.passwordHash,
          referralCode: generateReferralCode(),
          signupReferralCode: input.signupReferralCode ?? null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      if (roleIds.length > 0) {
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
      }
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

export async function updateUser(db: Database, id: number, changes: UserChanges, roleIds?: number[]): Promise<UserDto> {
  await getUserById(db, id);
  await assertUnique(db, changes.username, changes.email, id);
  await db
    .transaction(async (tx) => {
      if (roleIds !== undefined) await assertAdminRemains(tx as unknown as Database, id, roleIds);
      await tx
        .update(users)
        .set({
          ...changes,
          updatedAt: new Date(),
          // a new password ends the sessions started with the old one
          ...(changes.passwordHash ? { tokensValidAfter: new Date() } : {}),
        })
        .where(eq(users.id, id));
      if (roleIds !== undefined) {
        await tx.delete(userRoles).where(eq(userRoles.userId, id));
        if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
      }
    })
    .catch(rethrowUserConflict);
  return getUserById(db, id);
}

async function adminRoleId(db: Database): Promise<number | undefined> {
  return (await getRoleByName(db, ROLE_ADMIN))?.id;
}

/** Counts admins other than `exceptUserId`; locks the admin rows so two demotions cannot race. */
async function otherAdminCount(db: Database, exceptUserId: number): Promise<number> {
  const adminId = await adminRoleId(db);
  if (adminId === undefined) return 0;
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, adminId), ne(userRoles.userId, exceptUserId)))
    .for('update');
  return rows.length;
}

async function isAdmin(db: Database, userId: number): Promise<boolean> {
  const adminId = await adminRoleId(db);
  if (adminId === undefined) return false;
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, adminId), eq(userRoles.userId, userId)));
  return row !== undefined;
}

/** The last admin may not lose the admin role. */
async function assertAdminRemains(db: Database, userId: number, newRoleIds: number[]): Promise<void> {
  const adminId = await adminRoleId(db);
  if (adminId === undefined || newRoleIds.includes(adminId)) return;
  if ((await isAdmin(db, userId)) && (await otherAdminCount(db, userId)) === 0) {
    throw new ConflictError('The last admin cannot be demoted; make another user an admin first');
  }
}

export async function setUserRoles(db: Database, userId: number, roleIds: number[]): Promise<UserDto> {
  await getUserById(db, userId);
  await db.transaction(async (tx) => {
    await assertAdminRemains(tx as unknown as Database, userId, roleIds);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
  });
  return getUserById(db, userId);
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await getUserById(db, id);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if ((await isAdmin(txDb, id)) && (await otherAdminCount(txDb, id)) === 0) {
      throw new ConflictError('The last admin cannot be deleted; make another user an admin first');
    }
    await tx.delete(users).where(eq(users.id, id));
  });
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}

// ---- roles ----

export async function listRoles(db: Database): Promise<RoleDto[]> {
  return db.select().from(roles).orderBy(asc(roles.id));
}

export async function getRole(db: Database, id: number): Promise<RoleDto> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw new NotFoundError(`Role ${id} was not found`);
  return row;
}

function rethrowRoleConflict(error: unknown): never {
  if (pgError(error)?.code === UNIQUE_VIOLATION) throw new ConflictError('A role with this name already exists');
  throw error;
}

export async function createRole(db: Database, name: string): Promise<RoleDto> {
  if (await getRoleByName(db, name)) throw new ConflictError('A role with this name already exists');
  const [row] = await db.insert(roles).values({ name }).returning().catch(rethrowRoleConflict);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRole(db: Database, id: number, name: string): Promise<RoleDto> {
  const existing = await getRole(db, id);
  if (existing.name === name) return existing;
  if ((BUILT_IN_ROLES as readonly string[]).includes(existing.name)) {
    throw new ConflictError(`The built-in role ${existing.name} cannot be renamed`);
  }
  const other = await getRoleByName(db, name);
  if (other && other.id !== id) throw new ConflictError('A role with this name already exists');
  const [row] = await db.update(roles).set({ name }).where(eq(roles.id, id)).returning().catch(rethrowRoleConflict);
  if (!row) throw new NotFoundError(`Role ${id} was not found`);
  return row;
}

export async function deleteRole(db: Database, id: number): Promise<RoleDto> {
  const existing = await getRole(db, id);
  const [holders] = await db.select({ value: count() }).from(userRoles).where(eq(userRoles.roleId, id));
  const holderCount = Number(holders?.value ?? 0);
  if (holderCount > 0) {
    throw new ConflictError(
      `The role ${existing.name} is held by ${holderCount} user${holderCount === 1 ? '' : 's'}; give them another role before deleting it`,
    );
  }
  if ((BUILT_IN_ROLES as readonly string[]).includes(existing.name)) {
    throw new ConflictError(`The built-in role ${existing.name} cannot be deleted`);
  }
  await db.delete(roles).where(eq(roles.id, id));
  return existing;
}

/** Creates the three built-in roles when missing (every start; idempotent). */
export async function ensureBuiltInRoles(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values(BUILT_IN_ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
}
