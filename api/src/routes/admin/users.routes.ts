/** /admin/users and /admin/roles (spec section 7, Users and roles): administrators only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignRoleSchema, roleSchema, userCreateSchema, userUpdateSchema } from '@bazaar/shared';
import { BadRequestError } from '../../errors.js';
import { hashPassword } from '../../auth/password.js';
import {
  createRole,
  createUser,
  deleteRole,
  deleteUser,
  getRole,
  getUserById,
  listRoles,
  listUsers,
  resolveRole,
  setUserRoles,
  updateRole,
  updateUser,
} from '../../db/queries/users.js';
import type { Database } from '../../db/client.js';
import { errorResponses, idParamsSchema, messageSchema, roleDtoSchema, userDtoSchema } from '../schemas.js';

async function roleIdsOf(db: Database, refs: Array<{ id?: number | undefined; name: string }>): Promise<number[]> {
  const ids: number[] = [];
  for (const ref of refs) {
    const role = await resolveRole(db, ref);
    if (!role) throw new BadRequestError(`Role ${ref.name} does not exist`);
    ids.push(role.id);
  }
  return ids;
}

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: users and roles'];

  app.get(
    '/admin/users',
    { schema: { tags, summary: 'List users', response: { 200: z.array(userDtoSchema), ...errorResponses(401, 403) } } },
    async () => listUsers(app.db),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Get a user',
        params: idParamsSchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUserById(app.db, request.params.id),
  );

  app.post(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Create a user',
        description: 'Creates a user with exactly one role, given as `roles: [{id, name}]`.',
        body: userCreateSchema,
        response: { 201: userDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const roleIds = await roleIdsOf(app.db, input.roles);
      const created = await createUser(
        app.db,
        {
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          email: input.email,
          mobileNo: input.mobileNo,
          passwordHash: await hashPassword(input.password),
        },
        roleIds,
      );
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a user',
        description:
          'Replaces the user’s fields and role; a blank password keeps the current one. The last admin cannot be demoted.',
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = request.body;
      const roleIds = await roleIdsOf(app.db, input.roles);
      return updateUser(
        app.db,
        request.params.id,
        {
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          email: input.email,
          mobileNo: input.mobileNo ?? null,
          ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        },
        roleIds,
      );
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user',
        description: 'The last admin cannot be deleted (409).',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteUser(app.db, request.params.id);
      return { message: 'User Deleted Successfully' };
    },
  );

  app.post(
    '/admin/users/:id/roles',
    {
      schema: {
        tags,
        summary: 'Set a user’s role',
        description:
          'Body: a role `{id}` or `{name}`; it becomes the user’s one role. The last admin cannot be demoted.',
        params: idParamsSchema,
        body: assignRoleSchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const role = await resolveRole(app.db, request.body);
      if (!role) throw new BadRequestError(`Role ${request.body.name ?? request.body.id} does not exist`);
      return setUserRoles(app.db, request.params.id, [role.id]);
    },
  );

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
        body: roleSchema,
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
        body: roleSchema,
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
