/**
 * Server-side authorisation, enforced on every route before its handler or validation runs.
 * Each route's access level comes from its path prefix (docs/product/common.md#roles-and-access) unless the route
 * declares one: /admin/* admin only; /staff/* staff or admin; /user/* any logged-in user (the
 * handlers keep them to their own data); /public/* and /auth/* anyone. A route whose level
 * cannot be told is refused at start, so nothing is left open by accident.
 *
 * The bearer is a session token or an API key (`bzk_…`, docs/product/developer.md). A key acts as a plain user of
 * its owner: it is checked (401 when not valid, revoked or expired, on every service route), counted against the
 * owner's quota unless a trusted proxy says it already was (auth/quota.ts; its address's rate limit in the same
 * statement), and allowed only what its scopes give on the route (auth/key-scopes.ts; 403 naming the scope). The
 * BFF's first REST call for a key's GraphQL request may carry that request's count and cost (X-Quota-Charge,
 * believed from a trusted proxy only): it is counted here before the call runs, and the answer says how
 * (X-Quota-Grant, or X-Quota-Refused with the refusal; docs/decisions.md#one-request-counts-once). A key sent
 * anywhere but `Authorization: Bearer` is 400.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  isApiKey,
  QUOTA_HEADERS,
  keyAllows,
  keyExpiredMessage,
  missingScopeMessage,
  tooManyRequestsMessage,
  ROLE_ADMIN,
  ROLE_STAFF,
  ROLE_USER,
  type KeyRequirement,
} from '@bazaar/shared';
import { takeRate, type BucketStep, type CounterStore } from '@bazaar/shared/counters';
import type { ApiQuotaGrantDto } from '@bazaar/shared/contract';
import { BadRequestError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors.js';
import type { TokenService } from './tokens.js';
import type { Database } from '../db/client.js';
import { findSessionUser } from '../db/queries/auth/sessions.js';
import type { ApiKeyGrant, ApiKeyService } from './api-keys.js';
import { keyRequirement } from './key-scopes.js';
import { rateLimitHeaders, type Quota } from './quota.js';
import { fromTrustedProxy } from './trusted-proxy.js';

export type AccessLevel = 'public' | 'user' | 'staff' | 'admin';

export interface SessionUser {
  id: number;
  username: string;
  roles: string[];
}

export interface RouteAccess {
  method: string;
  url: string;
  access: AccessLevel;
  /** What an API key needs to call it (auth/key-scopes.ts). */
  keyRequirement: KeyRequirement;
  /** The route answers 400 without query parameters (its query schema has required fields). */
  needsQuery: boolean;
}

/**
 * The header by which a trusted proxy (the BFF) says a request's quota was counted already: the REST calls it
 * makes for one GraphQL request (docs/decisions.md#one-request-counts-once).
 */
export const QUOTA_COUNTED_HEADER = QUOTA_HEADERS.counted;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides the access level implied by the path prefix. */
    access?: AccessLevel;
    /** The route counts the key's quota itself (the BFF's quota calls): the access control does not. */
    countsQuotaItself?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in caller, or null for anonymous requests. */
    sessionUser: SessionUser | null;
    /** The caller's open session (the token's jti), or null for anonymous requests and API keys. */
    sessionId: string | null;
    /** The API key the request came with (its owner is `sessionUser`), or null. */
    apiKey: ApiKeyGrant | null;
    /** Whether this request came straight from a trusted proxy (TRUST_PROXY). */
    fromTrustedProxy: boolean;
    /**
     * The address's rate-limit bucket, not yet taken: an API key's call, whose count takes it in the same
     * statement (plugins/protection.ts defers it here).
     */
    pendingRate: BucketStep | null;
  }
  interface FastifyInstance {
    /** Every registered route with its access level (the authorisation tests are built from it). */
    routeAccessTable: RouteAccess[];
  }
}

/** Service prefixes: the main API and the insight (upload) service. */
export const SERVICE_PREFIXES = ['/api', '/insight'] as const;

/** Operational endpoints outside the services: health, readiness and the API documentation. */
const OPERATIONAL_PATHS = ['/health', '/ready', '/docs'];

export function accessFromPath(url: string): AccessLevel | undefined {
  if (OPERATIONAL_PATHS.some((p) => url === p || url.startsWith(`${p}/`))) return 'public';
  const prefix = SERVICE_PREFIXES.find((p) => url === p || url.startsWith(`${p}/`));
  if (!prefix) return undefined;
  const rest = url.slice(prefix.length);
  const first = rest.split('/')[1] ?? '';
  switch (first) {
    case 'admin':
      return 'admin';
    case 'staff':
      return 'staff';
    case 'user':
    case 'users':
      return 'user';
    case 'public':
    case 'auth':
      return 'public';
    default:
      return undefined;
  }
}

export function hasAccess(user: SessionUser | null, access: AccessLevel): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'user') return true;
  if (access === 'staff') return user.roles.includes(ROLE_STAFF) || user.roles.includes(ROLE_ADMIN);
  return user.roles.includes(ROLE_ADMIN);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Query parameter names integrators try for a key. */
const KEY_PARAMETERS = /^(api[-_]?key|access[-_]?token|key)$/i;

/** Whether an API key came anywhere but `Authorization: Bearer` (X-Api-Key, the query, another scheme). */
function keyInTheWrongPlace(request: FastifyRequest): boolean {
  if (request.headers['x-api-key'] !== undefined) return true;
  const authorization = request.headers.authorization;
  if (authorization?.includes(API_KEY_PREFIX) && !/^Bearer\s/i.test(authorization)) return true;
  const query = request.url.indexOf('?');
  if (query < 0) return false;
  for (const [name, value] of new URLSearchParams(request.url.slice(query + 1)))
    if (KEY_PARAMETERS.test(name) || value.startsWith(API_KEY_PREFIX)) return true;
  return false;
}

/** The two services' routes (not /health, /ready, /docs): where keys are checked. */
const SERVICE_ROUTE = /^\/(api|insight)\//;

/** Whether the request's bearer is an API key on a service route (the key is checked and counted there). */
export function bearsApiKey(request: FastifyRequest): boolean {
  const token = bearerToken(request);
  return token !== undefined && isApiKey(token) && SERVICE_ROUTE.test(request.routeOptions.url ?? '');
}

/** The points a header carries (X-Quota-Charge, X-Quota-Refund), or undefined without one; 400 for one that is no count. */
function pointsHeader(request: FastifyRequest, name: string): number | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  const points = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(points)) throw new BadRequestError(`${name} must be a whole number of points`);
  return points;
}

export interface AccessDeps {
  db: Database;
  tokens: TokenService;
  apiKeys: ApiKeyService;
  quota: Quota;
  /** The shared counters (a deferred rate limit taken alone). */
  counters: CounterStore;
  /** Whether an address is a trusted proxy (TRUST_PROXY). */
  trusted: (address: string, hop: number) => boolean;
}

export function registerAccessControl(app: FastifyInstance, deps: AccessDeps): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('fromTrustedProxy', false);
  app.decorateRequest('pendingRate', null);
  app.decorate('routeAccessTable', [] as RouteAccess[]);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // CORS preflights carry no credentials and answer no data
    if (methods.every((method) => method === 'OPTIONS')) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    const declared = route.config?.access;
    const implied = accessFromPath(route.url);
    const access = declared ?? implied;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no access level: declare config.access`);
    }
    if (declared && implied && declared !== implied && rank(declared) < rank(implied)) {
      throw new Error(`Route ${route.url} declares ${declared} access, weaker than its prefix (${implied})`);
    }
    route.config = { ...route.config, access };
    const query = route.schema?.querystring as { safeParse?: (value: unknown) => { success: boolean } } | undefined;
    const needsQuery = typeof query?.safeParse === 'function' ? !query.safeParse({}).success : false;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccessTable.push({
        method,
        url: route.url,
        access,
        keyRequirement: keyRequirement(method, route.url),
        needsQuery,
      });
    }
  });

  /** The grant of a presented key, or 401 saying why it is refused. */
  async function authenticateKey(request: FastifyRequest, key: string): Promise<ApiKeyGrant> {
    const check = await deps.apiKeys.check(key, request.ip);
    if (check.kind === 'valid') return check.grant;
    if (check.kind === 'revoked') throw new UnauthorizedError(API_KEY_MESSAGES.revoked);
    if (check.kind === 'expired') throw new UnauthorizedError(keyExpiredMessage(check.expiresAt));
    throw new UnauthorizedError(API_KEY_MESSAGES.notValid);
  }

  /** Takes a deferred rate-limit bucket by itself (a key call not counted with it): 429 when it refuses. */
  async function takePendingRate(request: FastifyRequest): Promise<void> {
    const step = request.pendingRate;
    if (!step) return;
    request.pendingRate = null;
    const wait = await takeRate(deps.counters, step.key, step.refillPerMs * 60_000);
    if (wait > 0) throw new TooManyRequestsError(tooManyRequestsMessage(wait), wait);
  }

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access ?? 'public';
    request.fromTrustedProxy = fromTrustedProxy(request, deps.trusted);
    if (keyInTheWrongPlace(request)) {
      await takePendingRate(request);
      throw new BadRequestError(API_KEY_MESSAGES.wrongPlace);
    }
    const token = bearerToken(request);
    if (token && bearsApiKey(request)) {
      let grant: ApiKeyGrant;
      try {
        grant = await authenticateKey(request, token);
      } catch (error) {
        // a key refused still counts against its address
        await takePendingRate(request);
        throw error;
      }
      request.apiKey = grant;
      // a key acts as a plain user of its owner, whatever the owner's roles
      request.sessionUser = { id: grant.userId, username: grant.username, roles: [ROLE_USER] };
      const counted = request.fromTrustedProxy && request.headers[QUOTA_COUNTED_HEADER] === '1';
      const charge = counted ? pointsHeader(request, QUOTA_HEADERS.charge) : undefined;
      if (charge !== undefined)
        await chargeGraphql(reply, grant, charge, pointsHeader(request, QUOTA_HEADERS.refund) ?? 0);
      else if (!counted && !request.routeOptions.config?.countsQuotaItself) {
        const rate = request.pendingRate ?? undefined;
        request.pendingRate = null;
        const outcome = await deps.quota.countRequest(grant, Date.now(), rate);
        reply.headers(rateLimitHeaders(outcome.daily));
        if (outcome.kind === 'limited') throw new TooManyRequestsError(outcome.message, outcome.retryAfterSeconds);
      } else await takePendingRate(request);
      const requirement = keyRequirement(request.method, request.routeOptions.url ?? '');
      if (!keyAllows(grant.scopes, requirement)) throw new ForbiddenError(missingScopeMessage(requirement));
      if (!hasAccess(request.sessionUser, access)) throw new ForbiddenError(API_KEY_MESSAGES.sessionOnly);
      return;
    }
    await takePendingRate(request);
    if (token) {
      const claims = await deps.tokens.verify(token);
      // the session must still be open: logout, a new password or new roles end it (docs/decisions.md#sessions-end-on-the-server)
      const user = claims ? await findSessionUser(deps.db, claims.userId, claims.sessionId) : undefined;
      if (claims && user) {
        request.sessionUser = { id: user.id, username: user.username, roles: user.roles };
        request.sessionId = claims.sessionId;
      } else if (access !== 'public') {
        // an expired, ended or forged token on a public read is ignored; elsewhere it is a 401
        throw new UnauthorizedError('Your session has expired or is invalid; please log in again');
      }
    }
    if (access === 'public') return;
    if (!request.sessionUser) throw new UnauthorizedError('Please log in to continue');
    if (!hasAccess(request.sessionUser, access)) {
      throw new ForbiddenError(
        access === 'admin'
          ? 'This action is for administrators only'
          : 'This action is for staff and administrators only',
      );
    }
  });

  /**
   * Counts a key's GraphQL request in the BFF's first REST call for it (X-Quota-Charge): as the quota call would,
   * before this call runs, with the points earlier answers did not use given back first (X-Quota-Refund); the
   * answer carries the grant, or the refusal marked as the charge's.
   */
  async function chargeGraphql(reply: FastifyReply, grant: ApiKeyGrant, cost: number, refund: number): Promise<void> {
    const outcome = await deps.quota.countGraphql(grant, cost, Date.now(), refund);
    reply.headers(rateLimitHeaders(outcome.daily));
    if (outcome.kind !== 'counted') reply.header(QUOTA_HEADERS.refused, '1');
    if (outcome.kind === 'too-costly') throw new BadRequestError(outcome.message);
    if (outcome.kind === 'limited') throw new TooManyRequestsError(outcome.message, outcome.retryAfterSeconds);
    if (!outcome.points) throw new Error('a GraphQL request is counted with its points');
    const granted: ApiQuotaGrantDto = { scopes: grant.scopes, points: outcome.points };
    reply.header(QUOTA_HEADERS.grant, JSON.stringify(granted));
  }
}

function rank(level: AccessLevel): number {
  return { public: 0, user: 1, staff: 2, admin: 3 }[level];
}

/** The caller, for handlers of routes that require a login. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new UnauthorizedError('Please log in to continue');
  return request.sessionUser;
}

export function isAdminUser(user: SessionUser | null): boolean {
  return user?.roles.includes(ROLE_ADMIN) ?? false;
}
