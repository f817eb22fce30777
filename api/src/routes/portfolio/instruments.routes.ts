/**
 * Financial instrument types: administrators keep them under /admin/financial-instruments; staff
 * read them under /staff/ (the segment form offers them as names, since a holding's instrument
 * type is its segment's name).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, financialInstrumentBodySchema, financialInstrumentDtoSchema } from '@bazaar/shared/contract';
import {
  createFinancialInstrument,
  deleteFinancialInstrument,
  getFinancialInstrument,
  listFinancialInstruments,
  updateFinancialInstrument,
} from '../../db/queries/portfolio/instruments.js';
import { registerCrudRoutes } from './crud-routes.js';

export const instrumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: financial instruments'];

  registerCrudRoutes(app, {
    path: '/admin/financial-instruments',
    tags,
    noun: 'financial instrument type',
    nouns: 'financial instrument types',
    dto: financialInstrumentDtoSchema,
    body: financialInstrumentBodySchema,
    descriptions: {
      create:
        "Body: type (required, 'Type is required!'), description (optional). Types are unique regardless of case (409).",
    },
    list: listFinancialInstruments,
    get: getFinancialInstrument,
    create: createFinancialInstrument,
    update: updateFinancialInstrument,
    remove: deleteFinancialInstrument,
    deleted: { as: 'message', say: (deleted) => `Financial instrument ${deleted.type} deleted successfully` },
  });

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
};
