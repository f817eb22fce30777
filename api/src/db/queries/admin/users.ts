/**
 * What administrators do to accounts beyond their fields: set roles, delete. The last admin may
 * neither lose the admin role nor be deleted; the admin rows are locked so two demotions cannot race.
 * A change of roles ends the user's sessions: they log in again and get the new role's menus
 * (docs/decisions.md#sessions-end-on-the-server).
 */
import { eq } from 'drizzle-orm';
import { ROLE_ADMIN } from '@bazaar/shared';
import type { UserDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { users, userRoles } from '../../schema/index.js';
import { ConflictError } from '../../../errors.js';
import { getUserById, replaceUserRoles, updateUser, type UserChanges } from '../auth/users.js';
import { deleteUserSessions } from '../auth/sessions.js';
import { getRoleByName } from './roles.js';

async function adminRoleId(db: Database): Promise<number | undefined> {
  return (await getRoleByName(db, ROLE_ADMIN))?.id;
}

/** Whether `userId` is an admin and no other user is (the other admins' rows are locked). */
async function isLastAdmin(db: Database, userId: number, adminId: number): Promise<boolean> {
  const admins = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.roleId, adminId))
    .for('update');
  return admins.some((row) => row.userId === userId) && admins.every((row) => row.userId === userId);
}

/** The last admin may not lose the admin role. */
async function assertAdminRemains(db: Database, userId: number, newRoleIds: number[]): Promise<void> {
  const adminId = await adminRoleId(db);
  if (adminId === undefined || newRoleIds.includes(adminId)) return;
  if (await isLastAdmin(db, userId, adminId)) {
    throw new ConflictError('The last admin cannot be demoted; make another user an admin first');
  }
}

/** Sets the user's roles (in a transaction); when they differ from the current ones, the user's sessions end. */
async function changeRoles(db: Database, userId: number, roleIds: number[]): Promise<void> {
  const current = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const before = new Set(current.map((row) => row.roleId));
  const after = new Set(roleIds);
  await replaceUserRoles(db, userId, roleIds);
  if (before.size !== after.size || [...after].some((id) => !before.has(id))) await deleteUserSessions(db, userId);
}

/** Replaces the user's fields and roles in one transaction. */
export async function updateUserWithRoles(
  db: Database,
  id: number,
  changes: UserChanges,
  roleIds: number[],
): Promise<UserDto> {
  return updateUser(db, id, changes, async (tx) => {
    await assertAdminRemains(tx, id, roleIds);
    await changeRoles(tx, id, roleIds);
  });
}

export async function setUserRoles(db: Database, userId: number, roleIds: number[]): Promise<UserDto> {
  await getUserById(db, userId);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await assertAdminRemains(txDb, userId, roleIds);
    await changeRoles(txDb, userId, roleIds);
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
  });
  return getUserById(db, userId);
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await getUserById(db, id);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const adminId = await adminRoleId(txDb);
    if (adminId !== undefined && (await isLastAdmin(txDb, id, adminId))) {
      throw new ConflictError('The last admin cannot be deleted; make another user an admin first');
    }
    await tx.delete(users).where(eq(users.id, id));
  });
}
