/**
 * Financial instrument types (the spec's unfinished "Financial instrument" screen, finished):
 * administrators keep them under /admin/financial-instruments; staff read them under /staff/
 * (the segment form offers them as names, since a holding's instrument type is its segment's name).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { financialInstrumentSchema } from '@bazaar/shared';
import {
  createFinancialInstrument,
  deleteFinancialInstrument,
  getFinancialInstrument,
  listFinancialInstruments,
  updateFinancialInstrument,
} from '../../db/queries/portfolio.js';
import { errorResponses, idParamsSchema, messageSchema } from '../schemas.js';
import { financialInstrumentDtoSchema } from './schemas.js';

export const instrumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: financial instruments'];

  app.get(
    '/admin/financial-instruments',
    {
      schema: {
        tags,
        summary: 'List financial instrument types',
        response: { 200: z.array(financialInstrumentDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listFinancialInstruments(app.db),
  );

  app.get(
    '/staff/financial-instruments',
    {
      schema: {
        tags,
        summary: 'List financial instrument types (read-only, staff)',
        description: 'The same list for staff, who name segments after instrument types.',
        response: { 200: z.array(financialInstrumentDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listFinancialInstruments(app.db),
  );

  app.get(
    '/admin/financial-instruments/:id',
    {
      schema: {
        tags,
        summary: 'Get a financial instrument type',
        params: idParamsSchema,
        response: { 200: financialInstrumentDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getFinancialInstrument(app.db, request.params.id),
  );

  app.post(
    '/admin/financial-instruments',
    {
      schema: {
        tags,
        summary: 'Create a financial instrument type',
        description:
          "Body: type (required, 'Type is required!'), description (optional). Types are unique regardless of case (409).",
        body: financialInstrumentSchema,
        response: { 201: financialInstrumentDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createFinancialInstrument(app.db, request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/admin/financial-instruments/:id',
    {
      schema: {
        tags,
        summary: 'Update a financial instrument type',
        params: idParamsSchema,
        body: financialInstrumentSchema,
        response: { 200: financialInstrumentDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateFinancialInstrument(app.db, request.params.id, request.body),
  );

  app.delete(
    '/admin/financial-instruments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a financial instrument type',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deleted = await deleteFinancialInstrument(app.db, request.params.id);
      return { message: `Financial instrument ${deleted.type} deleted successfully` };
    },
  );
};
