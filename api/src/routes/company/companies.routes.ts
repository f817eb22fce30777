/**
 * Companies: GET /public/stocks for everyone; POST /staff/stocks, PUT and DELETE /staff/stocks/{id}
 * for staff and administrators (the old client's missing slash in `/staff/stocks{id}` is a defect,
 * the path here has the slash).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companiesQuerySchema,
  companyBodySchema,
  companyDtoSchema,
  errorResponses,
  idParamsSchema,
  messageSchema,
} from '@bazaar/shared/contract';
import { createCompany, deleteCompany, listCompanies, updateCompany } from '../../db/queries/company/companies.js';
import { answerCreated } from '../created.js';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['companies'];

  app.get(
    '/public/stocks',
    {
      schema: {
        tags,
        summary: 'Companies',
        description:
          'Every company ordered by symbol; with `symbol`, a list holding that company (empty when unknown).',
        querystring: companiesQuerySchema,
        response: { 200: z.array(companyDtoSchema), ...errorResponses(400) },
      },
    },
    async (request) => listCompanies(app.db, request.query.symbol),
  );

  app.post(
    '/staff/stocks',
    {
      schema: {
        tags,
        summary: 'Add a company',
        description: 'All nine fields are required. A symbol that exists already answers 409.',
        body: companyBodySchema,
        response: { 201: companyDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => answerCreated(reply, createCompany(app.db, request.body)),
  );

  app.put(
    '/staff/stocks/:id',
    {
      schema: {
        tags,
        summary: 'Edit a company',
        params: idParamsSchema,
        body: companyBodySchema,
        response: { 200: companyDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateCompany(app.db, request.params.id, request.body),
  );

  app.delete(
    '/staff/stocks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a company',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deleted = await deleteCompany(app.db, request.params.id);
      return { message: `Company ${deleted.symbol} deleted successfully` };
    },
  );
};
