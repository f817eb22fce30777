/**
 * Companies: GET /public/stocks for everyone; POST /staff/stocks, PUT and DELETE /staff/stocks/{id}
 * for staff and administrators (spec section 7, Companies; the old client's missing slash in
 * `/staff/stocks{id}` is a defect, the path here has the slash).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySchema } from '@bazaar/shared';
import {
  createCompany,
  deleteCompany,
  listCompanies,
  updateCompany,
  type CompanyInput,
} from '../../db/queries/market.js';
import { errorResponses, idParamsSchema, messageSchema } from '../schemas.js';
import { symbolParam } from './params.js';
import { companySchemaDto } from './schemas.js';

/** Symbols and series are kept upper-case, as the exchange writes them. */
const companyBody = companySchema.transform((company): CompanyInput => ({
  ...company,
  symbol: company.symbol.toUpperCase(),
  series: company.series.toUpperCase(),
  isinCode: company.isinCode.toUpperCase(),
}));

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['companies'];

  app.get(
    '/public/stocks',
    {
      schema: {
        tags,
        summary: 'Companies',
        description:
          'Every company ordered by symbol; with `symbol`, a list holding that company (empty when unknown).',
        querystring: z.object({ symbol: symbolParam().optional() }),
        response: { 200: z.array(companySchemaDto), ...errorResponses(400) },
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
        description: 'All nine fields are required (spec section 5). A symbol that exists already answers 409.',
        body: companyBody,
        response: { 201: companySchemaDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createCompany(app.db, request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/staff/stocks/:id',
    {
      schema: {
        tags,
        summary: 'Edit a company',
        params: idParamsSchema,
        body: companyBody,
        response: { 200: companySchemaDto, ...errorResponses(400, 401, 403, 404, 409) },
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
