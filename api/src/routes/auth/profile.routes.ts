/**
 * The caller's own profile: GET /user/profile and PUT /user/profile. The user is always the
 * caller (from the token); ids, roles and passwords in the body are ignored.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, profileBodySchema, userDtoSchema } from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { getUserById, updateUser } from '../../db/queries/auth/users.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: profile'];

  app.get(
    '/user/profile',
    { schema: { tags, summary: 'My profile', response: { 200: userDtoSchema, ...errorResponses(401) } } },
    async (request) => getUserById(app.db, requireUser(request).id),
  );

  app.put(
    '/user/profile',
    {
      schema: {
        tags,
        summary: 'Update my profile',
        description:
          'Updates first and last name, e-mail, mobile number and picture URL of the caller. Other fields are ignored.',
        body: profileBodySchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const { mobileNo, profilePictureUrl, ...names } = request.body;
      return updateUser(app.db, requireUser(request).id, {
        ...names,
        mobileNo: mobileNo ?? null,
        profilePictureUrl: profilePictureUrl ?? null,
      });
    },
  );
};
