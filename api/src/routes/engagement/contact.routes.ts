/**
 * Contact Us: messages are stored (POST /public/contact-messages, limited per client address) and
 * staff read them (GET /staff/contact-messages).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactMessageBodySchema,
  contactMessageDtoSchema,
  contactMessageReceiptSchema,
  errorResponses,
  listLimitQuerySchema,
} from '@bazaar/shared/contract';
import { createContactMessage, listContactMessages } from '../../db/queries/engagement/contact-messages.js';
import { CallBudget } from '../../auth/call-budget.js';

export const CONTACT_THANKS = 'Thank you for your message. We will get back to you soon.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const messagesByAddress = new CallBudget(
    app.counters,
    'contact',
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
        body: contactMessageBodySchema,
        response: {
          201: contactMessageReceiptSchema,
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      await messagesByAddress.spend(`address:${request.ip}`);
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
};
