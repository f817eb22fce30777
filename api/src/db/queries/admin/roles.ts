/** Roles: the three built-in ones (created at every start) and any an administrator adds. */
import { asc, count, eq } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_STAFF, ROLE_USER } from '@bazaar/shared';
import type { RoleDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { roles, userRoles } from '../../schema/index.js';
import { ConflictError, NotFoundError } from '../../../errors.js';
import { pgError, UNIQUE_VIOLATION } from '../../errors.js';

export const BUILT_IN_ROLES = [ROLE_USER, ROLE_STAFF, ROLE_ADMIN] as const;

const isBuiltIn = (name: string) => (BUILT_IN_ROLES as readonly string[]).includes(name);

export async function listRoles(db: Database): Promise<RoleDto[]> {
  return db.select().from(roles).orderBy(asc(roles.id));
}

export async function findRole(db: Database, id: number): Promise<RoleDto | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function getRole(db: Database, id: number): Promise<RoleDto> {
  const role = await findRole(db, id);
  if (!role) throw new NotFoundError(`Role ${id} was not found`);
  return role;
}

export async function getRoleByName(db: Database, name: string): Promise<RoleDto | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row;
}

/** Resolves a role reference ({id} or {name}; both must agree when both are given) to an existing role. */
export async function resolveRole(
  db: Database,
  ref: { id?: number | undefined; name?: string | undefined },
): Promise<RoleDto | undefined> {
  if (ref.id !== undefined) {
    const role = await findRole(db, ref.id);
    if (role) return ref.name === undefined || ref.name === role.name ? role : undefined;
  }
  if (ref.name !== undefined) return getRoleByName(db, ref.name);
  return undefined;
}

const ROLE_NAME_TAKEN = 'A role with this name already exists';

function rethrowRoleConflict(error: unknown): never {
  if (pgError(error)?.code === UNIQUE_VIOLATION) throw new ConflictError(ROLE_NAME_TAKEN);
  throw error;
}

export async function createRole(db: Database, name: string): Promise<RoleDto> {
  if (await getRoleByName(db, name)) throw new ConflictError(ROLE_NAME_TAKEN);
  const [row] = await db.insert(roles).values({ name }).returning().catch(rethrowRoleConflict);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRole(db: Database, id: number, name: string): Promise<RoleDto> {
  const existing = await getRole(db, id);
  if (existing.name === name) return existing;
  if (isBuiltIn(existing.name)) throw new ConflictError(`The built-in role ${existing.name} cannot be renamed`);
  const other = await getRoleByName(db, name);
  if (other && other.id !== id) throw new ConflictError(ROLE_NAME_TAKEN);
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
  if (isBuiltIn(existing.name)) throw new ConflictError(`The built-in role ${existing.name} cannot be deleted`);
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
