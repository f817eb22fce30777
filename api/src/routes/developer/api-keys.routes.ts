/**
 * The caller's API keys (docs/product/developer.md#rest-calls): POST /user/api-keys makes one and answers its
 * secret this once; GET lists them without secrets; DELETE revokes one (every instance refuses it within a
 * second: auth/api-keys.ts). A logged-in session only: the key-scope table gives keys no access here.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_KEY_EXPIRES_SOON_DAYS, API_KEY_MESSAGES, MAX_API_KEYS_PER_USER, type ApiKeyScope } from '@bazaar/shared';
import {
  apiKeyDtoSchema,
  createApiKeyBodySchema,
  createdApiKeyDtoSchema,
  errorResponses,
  idParamsSchema,
  type ApiKeyDto,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { keyPrefix } from '../../auth/api-keys.js';
import { NotFoundError } from '../../errors.js';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from '../../db/queries/developer/api-keys.js';

const DAY_MS = 86_400_000;

function toApiKeyDto(row: ApiKeyRow, now: number): ApiKeyDto {
  const expiresAt = row.expiresAt.getTime();
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: keyPrefix(row.publicId),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedFrom,
    expired: expiresAt <= now,
    expiresSoon: expiresAt > now && expiresAt - now <= API_KEY_EXPIRES_SOON_DAYS * DAY_MS,
  };
}

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: API keys'];

  app.post(
    '/user/api-keys',
    {
      schema: {
        tags,
        summary: 'Make an API key',
        description:
          'Body `{name, scopes, expiresInDays}`: a name (up to 100 characters), at least one of market:read, portfolio:read and ' +
          `portfolio:write, and a lifetime of 7 to 365 days. 201 with the key, whose secret (\`key\`) is sent this once. At most ${MAX_API_KEYS_PER_USER} ` +
          'unrevoked, unexpired keys a user (400 beyond). A logged-in session only (an API key gets 403).',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeyDtoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const now = new Date();
      const { key, publicId, secretHash } = app.apiKeys.mint();
      const row = await insertApiKey(
        app.db,
        {
          userId: user.id,
          name: request.body.name,
          scopes: request.body.scopes,
          publicId,
          secretHash,
          expiresAt: new Date(now.getTime() + request.body.expiresInDays * DAY_MS),
        },
        { maxActive: MAX_API_KEYS_PER_USER, tooManyMessage: API_KEY_MESSAGES.tooMany, now },
      );
      reply.status(201);
      return {
        id: row.id,
        name: row.name,
        scopes: row.scopes as ApiKeyScope[],
        prefix: keyPrefix(row.publicId),
        key,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/user/api-keys',
    {
      schema: {
        tags,
        summary: 'My API keys',
        description:
          'The caller’s keys that were not revoked, newest first, without their secrets: name, scopes, prefix, created, expires, last used at ' +
          `and from where (noted at most once a minute), whether they expire within ${API_KEY_EXPIRES_SOON_DAYS} days, and whether they expired. A logged-in session only.`,
        response: { 200: z.array(apiKeyDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const now = Date.now();
      return (await listApiKeys(app.db, requireUser(request).id)).map((row) => toApiKeyDto(row, now));
    },
  );

  app.delete(
    '/user/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description:
          'Revokes one of the caller’s keys: every instance refuses it within a second (401 saying it was revoked). 204; another user’s ' +
          'key, an unknown or an already revoked one: 404. A logged-in session only.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const publicId = await revokeApiKey(app.db, requireUser(request).id, request.params.id, new Date());
      if (!publicId) throw new NotFoundError(`API key ${request.params.id} was not found`);
      // this instance forgets its copy at once; the others within KEY_CACHE_MS
      app.apiKeys.forget(publicId);
      return reply.status(204).send(null);
    },
  );
};
