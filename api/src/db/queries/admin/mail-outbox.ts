/** Reading the mail outbox (mail/mailer.ts writes it when SMTP_URL is unset). */
import { desc, sql } from 'drizzle-orm';
import type { OutboxMailDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { mailOutbox } from '../../schema/index.js';

/** Latest first; `recipient` matches the address regardless of case. */
export async function listOutboxMail(
  db: Database,
  options: { limit: number; recipient?: string | undefined },
): Promise<OutboxMailDto[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.recipient ? sql`lower(${mailOutbox.recipient}) = lower(${options.recipient})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
