/**
 * Server-side authorisation, enforced on every route before its handler or validation runs.
 * Each route's access level comes from its path prefix (docs/product/common.md#roles-and-access) unless the route
 * declares one: /admin/* admin only; /staff/* staff or admin; /user/* any logged-in user (the
 * handlers keep them to their own data); /public/* and /auth/* anyone. A route whose level
 * cannot be told is refused at start, so nothing is left open by accident.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ROLE_ADMIN, ROLE_STAFF } from '@bazaar/shared';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { TokenService } from './tokens.js';
import type { Database } from '../db/client.js';
import { findSessionUser } from '../db/queries/auth/sessions.js';

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
  /** The route answers 400 without query parameters (its query schema has required fields). */
  needsQuery: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides the access level implied by the path prefix. */
    access?: AccessLevel;
  }
  interface FastifyRequest {
    /** The logged-in caller, or null for anonymous requests. */
    sessionUser: SessionUser | null;
    /** The caller's open session (the token's jti), or null for anonymous requests. */
    sessionId: string | null;
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

export function registerAccessControl(app: FastifyInstance, deps: { db: Database; tokens: TokenService }): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionId', null);
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
      app.routeAccessTable.push({ method, url: route.url, access, needsQuery });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    const token = bearerToken(request);
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
