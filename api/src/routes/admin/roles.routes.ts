/** /admin/roles: administrators list, create, rename and delete roles (built-in ones stay). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema, messageSchema, roleBodySchema, roleDtoSchema } from '@bazaar/shared/contract';
import { createRole, deleteRole, getRole, listRoles, updateRole } from '../../db/queries/admin/roles.js';

export const adminRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: users and roles'];

  app.get(
    '/admin/roles',
    { schema: { tags, summary: 'List roles', response: { 200: z.array(roleDtoSchema), ...errorResponses(401, 403) } } },
    async () => listRoles(app.db),
  );

  app.get(
    '/admin/roles/:id',
    {
      schema: {
        tags,
        summary: 'Get a role',
        params: idParamsSchema,
        response: { 200: roleDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getRole(app.db, request.params.id),
  );

  app.post(
    '/admin/roles',
    {
      schema: {
        tags,
        summary: 'Create a role',
        body: roleBodySchema,
        response: { 201: roleDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createRole(app.db, request.body.name);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/admin/roles/:id',
    {
      schema: {
        tags,
        summary: 'Rename a role',
        description: 'The built-in roles ROLE_USER, ROLE_STAFF and ROLE_ADMIN cannot be renamed (409).',
        params: idParamsSchema,
        body: roleBodySchema,
        response: { 200: roleDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateRole(app.db, request.params.id, request.body.name),
  );

  app.delete(
    '/admin/roles/:id',
    {
      schema: {
        tags,
        summary: 'Delete a role',
        description: 'A role still held by users, or a built-in role, cannot be deleted (409).',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const role = await deleteRole(app.db, request.params.id);
      return { message: `Role ${role.name} deleted successfully` };
    },
  );
};
