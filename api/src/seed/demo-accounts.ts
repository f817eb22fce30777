/** Demo accounts (admin, staff, investor) on the first start of an empty database. */
import type { FastifyBaseLogger } from 'fastify';
import type { DemoAccount } from '../config.js';
import type { Database } from '../db/client.js';
import { hashPassword } from '../auth/password.js';
import { countUsers, createUser } from '../db/queries/auth/users.js';
import { getRoleByName } from '../db/queries/admin/roles.js';

export async function seedDemoAccounts(
  db: Database,
  accounts: DemoAccount[],
  log: FastifyBaseLogger,
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  for (const account of accounts) {
    const role = await getRoleByName(db, account.role);
    if (!role) throw new Error(`Role ${account.role} is missing`);
    await createUser(
      db,
      {
        firstName: account.firstName,
        lastName: account.lastName,
        username: account.username,
        email: account.email,
        passwordHash: await hashPassword(account.password),
      },
      [role.id],
    );
    log.info({ username: account.username, role: account.role }, 'demo account created');
  }
  return accounts.length > 0;
}
