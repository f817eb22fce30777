/** /admin/users: administrators list, create, change and delete accounts and set their role. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignRoleBodySchema,
  errorResponses,
  idParamsSchema,
  messageSchema,
  userCreateBodySchema,
  userDtoSchema,
  userUpdateBodySchema,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import { hashPassword } from '../../auth/password.js';
import { createUser, getUserById, listUsers } from '../../db/queries/auth/users.js';
import { deleteUser, setUserRoles, updateUserWithRoles } from '../../db/queries/admin/users.js';
import { resolveRole } from '../../db/queries/admin/roles.js';
import type { Database } from '../../db/client.js';
import { answerCreated } from '../created.js';

/** The ids of the roles a write names; 400 for a role that does not exist. */
async function roleIdsOf(db: Database, refs: Array<{ id?: number | undefined; name?: string | undefined }>) {
  const ids: number[] = [];
  for (const ref of refs) {
    const role = await resolveRole(db, ref);
    if (!role) throw new BadRequestError(`Role ${ref.name ?? ref.id} does not exist`);
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
        body: userCreateBodySchema,
        response: { 201: userDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { roles, password, ...fields } = request.body;
      const roleIds = await roleIdsOf(app.db, roles);
      return answerCreated(
        reply,
        createUser(app.db, { ...fields, passwordHash: await hashPassword(password) }, roleIds),
      );
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
        body: userUpdateBodySchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { roles, password, mobileNo, ...fields } = request.body;
      const roleIds = await roleIdsOf(app.db, roles);
      const changes = {
        ...fields,
        mobileNo: mobileNo ?? null,
        ...(password ? { passwordHash: await hashPassword(password) } : {}),
      };
      return updateUserWithRoles(app.db, request.params.id, changes, roleIds);
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
        body: assignRoleBodySchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setUserRoles(app.db, request.params.id, await roleIdsOf(app.db, [request.body])),
  );
};
