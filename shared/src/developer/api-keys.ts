/**
 * API keys (docs/product/developer.md): their scopes, what a scope allows, their format's public part and limits,
 * and the messages both services answer with, in one place for the REST API, the BFF and the Developer page.
 */

/**
 * What a key may do (docs/product/developer.md#scopes): market:read every public read; portfolio:read the owner's
 * portfolio reads; portfolio:write the owner's portfolio writes (and, with it, its reads). No scope reaches
 * account, key-management, staff or administration work.
 */
export const API_KEY_SCOPES = ['market:read', 'portfolio:read', 'portfolio:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A scope's GraphQL enum value (schema/developer.graphql's ApiKeyScope): market:read → MARKET_READ. */
export function apiKeyScopeEnum(scope: ApiKeyScope): 'MARKET_READ' | 'PORTFOLIO_READ' | 'PORTFOLIO_WRITE' {
  return scope.toUpperCase().replace(':', '_') as 'MARKET_READ' | 'PORTFOLIO_READ' | 'PORTFOLIO_WRITE';
}

/** A scope by its GraphQL enum value (MARKET_READ → market:read), or undefined for a value that is none. */
export function apiKeyScopeByEnum(value: string): ApiKeyScope | undefined {
  return API_KEY_SCOPES.find((scope) => apiKeyScopeEnum(scope) === value);
}

/**
 * What a request needs of an API key: a scope, any valid key whatever its scopes ('any': a key's own rate
 * limit), or 'none' (no key may do it: only a logged-in session).
 */
export type KeyRequirement = ApiKeyScope | 'any' | 'none';

/** Every key starts with this, so the BFF and the API tell it from a session token at a glance. */
export const API_KEY_PREFIX = 'bzk_';

/** A key's lifetime, in days, as chosen when it is made. */
export const API_KEY_EXPIRY_DAYS = { min: 7, max: 365 } as const;
/** Keys that expire within this many days are flagged in the list (keys never expire silently). */
export const API_KEY_EXPIRES_SOON_DAYS = 7;
/** Keys one user may hold at once (unrevoked and unexpired). */
export const MAX_API_KEYS_PER_USER = 20;
export const API_KEY_NAME_MAX_LENGTH = 100;

/**
 * The headers by which the BFF (a trusted proxy) and the REST API settle a key's GraphQL request in the REST calls
 * made for it (docs/decisions.md#one-request-counts-once): `counted` marks a call whose quota and address were
 * counted already; `charge` (with `counted`) asks the API to count the request and take its requested cost (the
 * value) before this call runs, `refund` (with `charge`) to give back first the points earlier answers of the key
 * did not use; the API's answer then carries `grant` (JSON: the key's scopes and the points bucket after the
 * charge) or, when the charge was refused, `refused` with the refusal as the answer.
 */
export const QUOTA_HEADERS = {
  counted: 'x-quota-counted',
  charge: 'x-quota-charge',
  refund: 'x-quota-refund',
  grant: 'x-quota-grant',
  refused: 'x-quota-refused',
} as const;

/** Whether a token is an API key (by its prefix; the API checks the rest). */
export function isApiKey(token: string | undefined): boolean {
  return typeof token === 'string' && token.startsWith(API_KEY_PREFIX);
}

/** Whether `granted` scopes satisfy `needed`: portfolio:write carries portfolio:read with it. */
export function keyAllows(granted: readonly string[], needed: KeyRequirement): boolean {
  if (needed === 'none') return false;
  if (needed === 'any') return true;
  if (granted.includes(needed)) return true;
  return needed === 'portfolio:read' && granted.includes('portfolio:write');
}

export const API_KEY_MESSAGES = {
  notValid: 'This API key is not valid',
  revoked: 'This API key was revoked: create a new one on the Developer page',
  /** Not for keys at all: account, key management, staff and administration need a logged-in session. */
  sessionOnly: 'API keys cannot do this: account, API-key, staff and administration requests need a logged-in session',
  wrongPlace: 'Send the API key in the Authorization header as "Bearer <key>", never in X-Api-Key or in the address',
  tooMany: `You have ${MAX_API_KEYS_PER_USER} API keys already: revoke one before creating another`,
  /** The quota calls are the BFF's, on behalf of a key. */
  quotaForKeysOnly: 'Only requests made with an API key have a quota',
} as const;

/** A key that expired (401). */
export function keyExpiredMessage(expiresAt: Date): string {
  return `This API key expired on ${expiresAt.toISOString()}: create a new one on the Developer page`;
}

/** A key without the scope a request needs (403). */
export function missingScopeMessage(needed: KeyRequirement): string {
  if (needed === 'none' || needed === 'any') return API_KEY_MESSAGES.sessionOnly;
  return `This API key lacks the ${needed} scope that this request needs`;
}
