/**
 * GraphQL requests made with an API key (docs/product/developer.md#quotas): one quota call to the REST API per
 * HTTP request, before anything runs, counts the request once (a batch too) against the owner's daily quota and
 * takes its requested cost (graphql-limits.ts, every operation of the request together) from the points bucket;
 * the REST calls made for it then carry the mark that they were counted (rest-client.ts), so the REST API does
 * not count them again (docs/decisions.md#one-request-counts-once). A key that is not valid, revoked or expired
 * is answered 401, a request beyond a limit 429 with Retry-After, one costing more than the bucket holds 400, all
 * with the REST API's words. Every answer to a key carries X-RateLimit-Limit, -Remaining, -Used and -Reset, and
 * each operation's answer `extensions.cost` (Shopify's shape): the requested cost, the actual cost (the values
 * the answer holds, counted as the requested cost counts them) and the bucket. Points the answer did not use are
 * given back once it has left.
 */
import type { NextFunction, Request, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { API_KEY_MESSAGES, API_KEY_PREFIX, isApiKey } from '@bazaar/shared';
import type { ApiQuotaDto, ErrorBody, PointsBucketDto } from '@bazaar/shared/contract';
import { tokenFromRequest } from '../auth/session-cookie.js';
import { DeveloperApi } from '../datasources/developer-api.js';
import type { RequestScope } from '../datasources/rest-client.js';
import { codeForStatus } from '../graphql/errors.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { ApiKeyUsage } from './api-key-usage.js';
import type { Logger } from '../logger.js';
import { GRAPHQL_LIMITS, measureOperation, operationOf, REQUESTED_COST } from './graphql-limits.js';

function refuse(response: Response, status: number, message: string, code: string): void {
  response.status(status).json({ errors: [{ message, extensions: { code, status } }] });
}

/** Query parameter names integrators try for a key. */
const KEY_PARAMETERS = /^(api[-_]?key|access[-_]?token|key)$/i;

/** 400 for an API key sent anywhere but `Authorization: Bearer` (X-Api-Key, the address, another scheme). */
export function refuseMisplacedKeys() {
  return (request: Request, response: Response, next: NextFunction) => {
    const authorization = request.headers.authorization;
    const misplaced =
      request.headers['x-api-key'] !== undefined ||
      (authorization?.includes(API_KEY_PREFIX) === true && !/^Bearer\s/i.test(authorization)) ||
      Object.entries(request.query).some(
        ([name, value]) => KEY_PARAMETERS.test(name) || (typeof value === 'string' && value.startsWith(API_KEY_PREFIX)),
      );
    if (misplaced) return refuse(response, 400, API_KEY_MESSAGES.wrongPlace, 'BAD_REQUEST');
    next();
  };
}

/** The X-RateLimit-* headers of the daily quota. */
function rateLimitHeaders(quota: ApiQuotaDto['daily']): Record<string, string> {
  return {
    'x-ratelimit-limit': String(quota.limit),
    'x-ratelimit-remaining': String(quota.remaining),
    'x-ratelimit-used': String(quota.used),
    'x-ratelimit-reset': String(quota.reset),
  };
}

const PASSED_ON = [
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-used',
  'x-ratelimit-reset',
];

/**
 * Counts a key's GraphQL request with the REST API before it runs (after requestLimits, which measured its
 * cost); requests without a key pass untouched.
 */
export function apiKeyQuota(
  scopeOf: (request: Request, response: Response, token: string) => RequestScope,
  logger: Logger,
) {
  return async (request: Request, response: Response, next: NextFunction) => {
    const token = tokenFromRequest(request);
    if (!token || !isApiKey(token)) return next();
    const requestedCost = Number(response.locals[REQUESTED_COST] ?? 0);
    const developer = new DeveloperApi(scopeOf(request, response, token));
    let answer: Awaited<ReturnType<DeveloperApi['countGraphqlRequest']>>;
    try {
      answer = await developer.countGraphqlRequest(requestedCost);
    } catch (error) {
      // the REST API cannot be reached: the same answer any field would give
      const message = error instanceof Error ? error.message : 'The service is temporarily unavailable';
      return refuse(response, 503, message, 'UPSTREAM_UNAVAILABLE');
    }
    for (const name of PASSED_ON) {
      const value = answer.headers.get(name);
      if (value !== null) response.setHeader(name, value);
    }
    if (answer.status !== 200) {
      const body = answer.data as ErrorBody | null;
      const status = answer.status >= 500 ? 503 : answer.status;
      return refuse(response, status, body?.message ?? 'The API key was refused', codeForStatus(status));
    }
    const quota = answer.data as ApiQuotaDto;
    response.set(rateLimitHeaders(quota.daily));
    const usage: ApiKeyUsage = { scopes: quota.scopes, quota, requestedCost, unused: 0 };
    response.locals.apiKey = usage;
    // once the answer has left: the points it did not use go back to the bucket
    response.once('finish', () => {
      const points = Math.min(usage.unused, requestedCost);
      if (points <= 0) return;
      developer
        .refundPoints(points)
        .catch((error: unknown) => logger.warn({ err: error, points }, 'could not give back unused GraphQL points'));
    });
    next();
  };
}

/**
 * The values an answer holds, counted as the requested cost counts them (graphql-limits.ts): 1 per field (null
 * and an empty list too), a list of objects 1 plus its rows' fields, a list of scalars its length.
 */
export function countValues(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  for (const field of Object.values(value as Record<string, unknown>)) {
    if (Array.isArray(field) && field.length > 0) {
      const objects = field.some((item) => item !== null && typeof item === 'object');
      count += objects ? 1 + field.reduce<number>((sum, item) => sum + countValues(item), 0) : field.length;
    } else if (field !== null && typeof field === 'object' && !Array.isArray(field)) count += 1 + countValues(field);
    else count += 1;
  }
  return count;
}

/** The bucket as an operation's answer shows it: after the charge, with what this answer did not use given back. */
function throttleStatus(points: PointsBucketDto, unused: number): PointsBucketDto {
  return { ...points, currentlyAvailable: Math.min(points.maximumAvailable, points.currentlyAvailable + unused) };
}

/** `extensions.cost` on every operation's answer to a key, and the unused points noted for the refund. */
export function apiKeyCost(schema: GraphQLSchema): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart({ contextValue }) {
      const usage = contextValue.apiKey;
      if (!usage) return;
      return {
        async willSendResponse({ response, request }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          // measured as the quota call measured it, from the text sent (also when validation refused it)
          const parsed = operationOf(
            { query: request.query, operationName: request.operationName, variables: request.variables },
            GRAPHQL_LIMITS.maxTokens,
          );
          const requested = parsed
            ? measureOperation(schema, parsed.document, parsed.operation, parsed.variables).cost
            : 0;
          const actual = countValues(result.data);
          const unused = Math.max(0, requested - actual);
          usage.unused += unused;
          // a new result: a cached one (caches/market-response-cache.ts) is shared with other callers
          response.body.singleResult = {
            ...result,
            extensions: {
              ...result.extensions,
              cost: {
                requestedQueryCost: requested,
                actualQueryCost: actual,
                throttleStatus: throttleStatus(usage.quota.points, unused),
              },
            },
          };
        },
      };
    },
  };
}
