/**
 * POST /auth/logout: ends the session of the token sent, on the server, so the token is refused from then on
 * (also as the BFF's cookie, if someone kept a copy). Public and idempotent: no token, an expired one or one
 * already ended answers the same 204. docs/decisions.md#sessions-end-on-the-server
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoutResponseSchema } from '@bazaar/shared/contract';

export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out',
        description:
          'Ends the session of the `Authorization: Bearer` token on the server: the token answers 401 afterwards. ' +
          'No body; 204 also when no session was open.',
        response: { 204: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionUser && request.sessionId) await app.sessions.end(request.sessionId, request.sessionUser.id);
      return reply.status(204).send(null);
    },
  );
};
