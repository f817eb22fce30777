/**
 * /staff/charges (spec section 7): the rules that decide what a trade costs. The body names the
 * firm, charge type and segment as objects ({id} or {name}; whole objects are accepted); an id
 * in a PUT body is ignored (the path names the charge).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chargeSchema } from '@bazaar/shared';
import { createCharge, deleteCharge, getCharge, listCharges, updateCharge } from '../../db/queries/portfolio.js';
import { errorResponses, idParamsSchema, messageSchema } from '../schemas.js';
import { chargeDtoSchema } from './schemas.js';

const WRITE_DESCRIPTION =
  'Body: brokerageFirm, chargeType and segment as objects with an id (or a name), amount (flat rupees per trade, ≥ 0), ' +
  'percentage (% of the trade value, ≥ 0), description (optional), exchange (NSE or BSE), onBuySell (BUY, SELL or BOTH), ' +
  'effectiveDate (YYYY-MM-DD). A second rule of the same firm, segment, exchange, type and side starting on the same date is a 409.';

export const chargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff: charges'];

  app.get(
    '/staff/charges',
    {
      schema: {
        tags,
        summary: 'List charges',
        response: { 200: z.array(chargeDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listCharges(app.db),
  );

  app.get(
    '/staff/charges/:id',
    {
      schema: {
        tags,
        summary: 'Get a charge',
        params: idParamsSchema,
        response: { 200: chargeDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCharge(app.db, request.params.id),
  );

  app.post(
    '/staff/charges',
    {
      schema: {
        tags,
        summary: 'Create a charge',
        description: WRITE_DESCRIPTION,
        body: chargeSchema,
        response: { 201: chargeDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createCharge(app.db, request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/staff/charges/:id',
    {
      schema: {
        tags,
        summary: 'Update a charge',
        description: WRITE_DESCRIPTION,
        params: idParamsSchema,
        body: chargeSchema,
        response: { 200: chargeDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateCharge(app.db, request.params.id, request.body),
  );

  app.delete(
    '/staff/charges/:id',
    {
      schema: {
        tags,
        summary: 'Delete a charge',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteCharge(app.db, request.params.id);
      return { message: 'Charge deleted successfully!' };
    },
  );
};
