/** Contact Us messages: stored with the sender's account when they were logged in; staff read them. */
import { desc, eq } from 'drizzle-orm';
import type { ContactMessageDto, ContactMessageValues as ContactMessageInput } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { contactMessages, users } from '../../schema/index.js';

export async function createContactMessage(
  db: Database,
  input: ContactMessageInput,
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, mobileNo: input.mobileNo ?? null, userId })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Latest first, with the sender's username (null for visitors). */
export async function listContactMessages(db: Database, limit: number): Promise<ContactMessageDto[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: contactMessages.email,
      mobileNo: contactMessages.mobileNo,
      message: contactMessages.message,
      username: users.username,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
