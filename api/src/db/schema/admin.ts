/** The mail outbox: mail kept for administrators to read when no SMTP server is configured. */
import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Mail that was not handed to an SMTP server (SMTP_URL unset): administrators read it in the app.
 * Reset links in it stop working after their lifetime like any other.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the mail is for, e.g. PASSWORD_RESET. */
    kind: varchar('kind', { length: 40 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);
