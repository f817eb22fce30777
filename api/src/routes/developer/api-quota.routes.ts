/**
 * The BFF's calls for the quota of the API key a GraphQL request came with (docs/decisions.md#one-request-counts-once):
 * POST /user/api-quota/graphql counts the request once and takes its requested cost from the points bucket
 * (before it runs; the REST calls made for it are then marked as counted), POST /user/api-quota/graphql/refund
 * gives back the points its answer did not use. From a trusted proxy only (TRUST_PROXY): a client calling them
 * itself could refill its own bucket. Made with the key itself, so they answer its 401s; a session has no quota.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_KEY_MESSAGES } from '@bazaar/shared';
import {
  apiQuotaDtoSchema,
  errorResponses,
  graphqlQuotaBodySchema,
  pointsBucketSchema,
  quotaRefundBodySchema,
} from '@bazaar/shared/contract';
import { rateLimitHeaders } from '../../auth/quota.js';
import type { ApiKeyGrant } from '../../auth/api-keys.js';
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '../../errors.js';

const FROM_THE_BFF_ONLY = 'The quota calls are made by the BFF (a trusted proxy) on behalf of an API key';

function keyOf(request: FastifyRequest): ApiKeyGrant {
  if (!request.fromTrustedProxy) throw new ForbiddenError(FROM_THE_BFF_ONLY);
  if (!request.apiKey) throw new BadRequestError(API_KEY_MESSAGES.quotaForKeysOnly);
  return request.apiKey;
}

export const apiQuotaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: API quota'];

  app.post(
    '/user/api-quota/graphql',
    {
      config: { countsQuotaItself: true },
      schema: {
        tags,
        summary: 'Count a GraphQL request of an API key (the BFF)',
        description:
          'Body `{requestedCost}`: the cost of the whole GraphQL request. Counts one request against the key owner’s daily quota and takes ' +
          'the cost from the points bucket: 200 with the key’s scopes and quota; 429 with Retry-After beyond either limit (nothing counted); ' +
          '400 when the cost is more than the bucket holds. X-RateLimit-* headers as on every answer to a key. From a trusted proxy only (403).',
        body: graphqlQuotaBodySchema,
        response: { 200: apiQuotaDtoSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const grant = keyOf(request);
      const outcome = await app.quota.countGraphql(grant, request.body.requestedCost);
      reply.headers(rateLimitHeaders(outcome.daily));
      if (outcome.kind === 'too-costly') throw new BadRequestError(outcome.message);
      if (outcome.kind === 'limited') throw new TooManyRequestsError(outcome.message, outcome.retryAfterSeconds);
      if (!outcome.points) throw new Error('a GraphQL request is counted with its points');
      return { scopes: grant.scopes, daily: outcome.daily, points: outcome.points };
    },
  );

  app.post(
    '/user/api-quota/graphql/refund',
    {
      config: { countsQuotaItself: true },
      schema: {
        tags,
        summary: 'Give back the points a GraphQL answer did not use (the BFF)',
        description:
          'Body `{points}`: the requested cost minus the actual cost of an answer just sent. Answers the bucket after. From a trusted proxy only (403).',
        body: quotaRefundBodySchema,
        response: { 200: pointsBucketSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.quota.refundPoints(keyOf(request), request.body.points),
  );
};
