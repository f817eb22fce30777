/**
 * Contact Us and the mail outbox. The spec's app only logged contact messages; here they are
 * stored (POST /public/contact-messages, limited per client address) and staff read them
 * (GET /staff/contact-messages). Administrators read the mail kept in the outbox when no SMTP
 * server is configured (GET /admin/mail-outbox).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '@bazaar/shared';
import { createContactMessage, listContactMessages, listOutboxMail } from '../../db/queries/accounts.js';
import { errorResponses } from '../schemas.js';
import { CallBudget } from './call-budget.js';
import { contactMessageDtoSchema, listLimitQuerySchema, outboxMailDtoSchema } from './schemas.js';

export const CONTACT_THANKS = 'Thank you for your message. We will get back to you soon.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const messagesByAddress = new CallBudget(
    { max: app.config.contactLimit.perAddress, windowMs: app.config.contactLimit.windowMs },
    'messages from this address',
  );

  app.post(
    '/public/contact-messages',
    {
      schema: {
        tags: ['public: contact'],
        summary: 'Send a message (Contact Us)',
        description:
          'Body: firstName, lastName, email, mobileNo (optional, 10 digits), message. Stored for staff to read; the sender’s account is ' +
          'noted when logged in. Limited per client address (429 with Retry-After).',
        body: contactSchema,
        response: {
          201: z.object({ id: z.number().int(), message: z.string().describe('A confirmation to show') }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      messagesByAddress.spend(`address:${request.ip}`);
      const id = await createContactMessage(app.db, request.body, request.sessionUser?.id ?? null);
      reply.status(201);
      return { id, message: CONTACT_THANKS };
    },
  );

  app.get(
    '/staff/contact-messages',
    {
      schema: {
        tags: ['staff: contact messages'],
        summary: 'Read Contact Us messages',
        description: 'The latest messages first (`limit`, 1 to 500, default 200).',
        querystring: listLimitQuerySchema,
        response: { 200: z.array(contactMessageDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listContactMessages(app.db, request.query.limit),
  );

  app.get(
    '/admin/mail-outbox',
    {
      schema: {
        tags: ['admin: mail outbox'],
        summary: 'Read the mail outbox',
        description:
          'Mail kept because SMTP_URL is not set, latest first (`limit`, 1 to 500, default 200; `recipient` filters by address, ignoring case).',
        querystring: listLimitQuerySchema.extend({
          recipient: z.string().trim().max(254).optional().describe('Only mail to this address'),
        }),
        response: { 200: z.array(outboxMailDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listOutboxMail(app.db, { limit: request.query.limit, recipient: request.query.recipient || undefined }),
  );
};
