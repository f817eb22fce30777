/** GET /admin/mail-outbox: mail kept when no SMTP server is configured. */
import { z } from 'zod';
import { isoTimestampSchema, listLimitQuerySchema } from '../common.js';

export const outboxMailDtoSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().describe('What the mail is for, e.g. PASSWORD_RESET'),
    recipient: z.string(),
    subject: z.string(),
    body: z.string().describe('Plain text'),
    createdAt: isoTimestampSchema,
  })
  .describe('A mail kept in the outbox because no SMTP server is configured');
export type OutboxMailDto = z.infer<typeof outboxMailDtoSchema>;

export const mailOutboxQuerySchema = listLimitQuerySchema.extend({
  recipient: z.string().trim().max(254).optional().describe('Only mail to this address'),
});
export type MailOutboxQuery = z.input<typeof mailOutboxQuerySchema>;
