/**
 * GraphQL requests made with an API key (docs/product/developer.md#quotas): each HTTP request is counted once (a
 * batch too) against the owner's daily quota and its requested cost (graphql-limits.ts, every operation of the
 * request together) taken from the points bucket, before any of it reaches data (docs/decisions.md#one-request-counts-once):
 * - when this BFF knows the key (its last answer's scopes and bucket) and the bucket can afford the cost, the
 *   operation starts at once and its first REST call with the key carries the charge (api-key-usage.ts): the
 *   REST API counts it before that call runs, in the call's own round trip, and a refusal there is the answer;
 * - otherwise (a key not seen lately, a bucket that cannot afford it, a batch, an upload) one quota call to the
 *   REST API counts it before anything runs, as a refusal would come from it.
 * The REST calls made for it carry the mark that they were counted (rest-client.ts), so the REST API does not
 * count them again. A key that is not valid, revoked or expired is answered 401, a request beyond a limit 429
 * with Retry-After, one costing more than the bucket holds 400, all with the REST API's words. Every answer to a
 * key carries X-RateLimit-Limit, -Remaining, -Used and -Reset, and each operation's answer `extensions.cost`
 * (Shopify's shape): the requested cost, the actual cost (the values the answer holds, counted as the requested
 * cost counts them) and the bucket. Points the answer did not use are given back once it has left: by the key's
 * next charge in its own call, or by a refund call of their own (OwedPoints).
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { API_KEY_MESSAGES, API_KEY_PREFIX, isApiKey, type ApiKeyScope } from '@bazaar/shared';
import type { ApiQuotaDto, PointsBucketDto } from '@bazaar/shared/contract';
import { tokenFromRequest } from '../auth/session-cookie.js';
import { DeveloperApi } from '../datasources/developer-api.js';
import type { RequestScope } from '../datasources/rest-client.js';
import { codeForStatus } from '../graphql/errors.js';
import type { GraphQLContext } from '../graphql/context.js';
import { ApiKeyUsage, quotaCallSettlement, type Settlement } from './api-key-usage.js';
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

/** What this BFF last heard of a key: enough to tell whether its next request can start before it is counted. */
interface KnownKey {
  scopes: ApiKeyScope[];
  daily: ApiQuotaDto['daily'];
  points: PointsBucketDto;
  /** When `points` was so (epoch ms). */
  at: number;
}

/** How long points an answer did not use wait for the key's next charge to carry them back, before a call of their own. */
export const REFUND_WITHIN_MS = 250;

/**
 * Points owed to keys' buckets (answers that did not use all the requested cost): the key's next charge carries
 * them back in its own call (X-Quota-Refund), or within REFUND_WITHIN_MS a refund call does; so a key sending
 * request after request costs no call for its refunds. Meanwhile the bucket holds that much less than it should.
 */
export class OwedPoints {
  private readonly owed = new Map<string, { points: number; timer: NodeJS.Timeout }>();

  /** Owes `points` to a key; `send` gives them back when no charge has carried them in time. */
  add(id: string, points: number, send: (points: number) => void): void {
    const entry = this.owed.get(id);
    if (entry) {
      entry.points += points;
      return;
    }
    const timer = setTimeout(() => {
      const due = this.take(id);
      if (due > 0) send(due);
    }, REFUND_WITHIN_MS);
    // a stopping BFF does not wait for it (the points come back with the bucket's refill)
    timer.unref();
    this.owed.set(id, { points, timer });
  }

  /** Everything owed to a key, now carried by a charge. */
  take(id: string): number {
    const entry = this.owed.get(id);
    if (!entry) return 0;
    clearTimeout(entry.timer);
    this.owed.delete(id);
    return entry.points;
  }
}

/** Keys remembered at most (the least recently used are forgotten). */
const MAX_KNOWN_KEYS = 10_000;

/**
 * The keys this BFF has heard of lately, by a hash of the key (the key itself is not kept): learnt from every
 * count's answer, forgotten on any refusal, so a key refused once is counted before it runs again. The bucket is
 * only estimated here (refilled at its rate, less what this BFF's own requests took); the REST API decides.
 */
export class KnownKeys {
  private readonly keys = new Map<string, KnownKey>();

  idOf(key: string): string {
    return createHash('sha256').update(key).digest('base64url');
  }

  /** The key's scopes when its bucket and day can afford `cost` now (and that much is set aside), else undefined. */
  affords(id: string, cost: number, now: number): ApiKeyScope[] | undefined {
    const known = this.keys.get(id);
    if (!known) return undefined;
    const { maximumAvailable, currentlyAvailable, restoreRate } = known.points;
    const level = Math.min(maximumAvailable, currentlyAvailable + (Math.max(0, now - known.at) / 1000) * restoreRate);
    const dayLeft = known.daily.remaining >= 1 || now >= known.daily.reset * 1000;
    if (cost > level || !dayLeft) return undefined;
    known.points = { ...known.points, currentlyAvailable: level - cost };
    known.at = now;
    known.daily = { ...known.daily, remaining: known.daily.remaining - 1 };
    return known.scopes;
  }

  learn(id: string, settlement: Settlement, now: number): void {
    this.keys.delete(id);
    if (settlement.kind === 'refused') return;
    const { scopes, daily, points } = settlement.quota;
    this.keys.set(id, { scopes, daily, points, at: now });
    if (this.keys.size > MAX_KNOWN_KEYS) {
      const oldest = this.keys.keys().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
  }
}

/**
 * Counts a key's GraphQL request (after requestLimits, which measured its cost): at once in the quota call, or in
 * its first REST call when the key is known to afford it; requests without a key pass untouched.
 */
export function apiKeyQuota(
  scopeOf: (request: Request, response: Response, token: string) => RequestScope,
  logger: Logger,
  known: KnownKeys = new KnownKeys(),
  owed: OwedPoints = new OwedPoints(),
) {
  return async (request: Request, response: Response, next: NextFunction) => {
    const token = tokenFromRequest(request);
    if (!token || !isApiKey(token)) return next();
    const requestedCost = Number(response.locals[REQUESTED_COST] ?? 0);
    const developer = new DeveloperApi(scopeOf(request, response, token));
    const id = known.idOf(token);
    const count = async (): Promise<Settlement> => {
      try {
        const answer = await developer.countGraphqlRequest(requestedCost);
        return quotaCallSettlement(answer.status, answer.data, answer.headers);
      } catch (error) {
        // the REST API cannot be reached: the same answer any field would give
        const message = error instanceof Error ? error.message : 'The service is temporarily unavailable';
        return { kind: 'refused', refusal: { status: 503, message, headers: {} } };
      }
    };
    const learn = (settlement: Settlement) => known.learn(id, settlement, Date.now());
    const refund = (points: number) =>
      developer
        .refundPoints(points)
        .catch((error: unknown) => logger.warn({ err: error, points }, 'could not give back unused GraphQL points'));
    const owedToKey = { take: () => owed.take(id), restore: (points: number) => owed.add(id, points, refund) };
    // one operation in a JSON body or a GET: a batch or an upload is counted before it runs, as always
    const single = !Array.isArray(request.body) && !request.is('multipart/form-data');
    const scopes = single ? known.affords(id, requestedCost, Date.now()) : undefined;
    let usage: ApiKeyUsage;
    if (scopes) usage = new ApiKeyUsage(requestedCost, scopes, count, learn, owedToKey);
    else {
      const settlement = await count();
      learn(settlement);
      if (settlement.kind === 'refused') {
        const { status, message, headers } = settlement.refusal;
        response.set(headers);
        return refuse(response, status, message, status === 503 ? 'UPSTREAM_UNAVAILABLE' : codeForStatus(status));
      }
      response.set(rateLimitHeaders(settlement.quota.daily));
      usage = new ApiKeyUsage(requestedCost, settlement.quota.scopes, count, learn, owedToKey, settlement.quota);
    }
    response.locals.apiKey = usage;
    // once the answer has left: the points it did not use are owed back to the bucket
    response.once('finish', () => {
      const points = Math.min(usage.unused, requestedCost);
      if (points > 0) owed.add(id, points, refund);
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
          // nothing of the answer leaves before the request is counted
          const settlement = await usage.settled();
          if (settlement.kind === 'refused') {
            const { status, message, headers } = settlement.refusal;
            response.http.status = status;
            for (const [name, value] of Object.entries(headers)) response.http.headers.set(name, value);
            const code = status === 503 ? 'UPSTREAM_UNAVAILABLE' : codeForStatus(status);
            if (response.body.kind === 'single')
              response.body.singleResult = { errors: [{ message, extensions: { code, status } }] };
            return;
          }
          const quota = settlement.quota;
          for (const [name, value] of Object.entries(rateLimitHeaders(quota.daily)))
            response.http.headers.set(name, value);
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
                throttleStatus: throttleStatus(quota.points, unused),
              },
            },
          };
        },
      };
    },
  };
}
