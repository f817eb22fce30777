/** GET /admin/mail-outbox: administrators read the mail kept when no SMTP server is configured. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, mailOutboxQuerySchema, outboxMailDtoSchema } from '@bazaar/shared/contract';
import { listOutboxMail } from '../../db/queries/admin/mail-outbox.js';

export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/mail-outbox',
    {
      schema: {
        tags: ['admin: mail outbox'],
        summary: 'Read the mail outbox',
        description:
          'Mail kept because SMTP_URL is not set, latest first (`limit`, 1 to 500, default 200; `recipient` filters by address, ignoring case).',
        querystring: mailOutboxQuerySchema,
        response: { 200: z.array(outboxMailDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listOutboxMail(app.db, { limit: request.query.limit, recipient: request.query.recipient || undefined }),
  );
};
