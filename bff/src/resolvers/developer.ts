/**
 * The developer area: the logged-in user's API keys (their REST calls refuse keys: a session only) and the rate
 * limit of the API key a request came with, as its quota call counted it (protection/api-key-quota.ts). Scopes
 * are enum values here (MARKET_READ) and their REST names there (market:read).
 */
import { apiKeyScopeByEnum, apiKeyScopeEnum, type ApiKeyScope as RestScope } from '@bazaar/shared';
import type { ApiKeyScope, Resolvers } from '../__generated__/resolvers-types.js';
import { numericId } from '../graphql/errors.js';

/** market:read → MARKET_READ */
export function scopeEnum(scope: RestScope): ApiKeyScope {
  return apiKeyScopeEnum(scope);
}

/** MARKET_READ → market:read */
export function restScope(scope: ApiKeyScope): RestScope {
  return apiKeyScopeByEnum(scope) ?? 'market:read';
}

export const developerResolvers: Resolvers = {
  ApiKey: {
    id: (key) => String(key.id),
    scopes: (key) => key.scopes.map(scopeEnum),
  },
  CreatedApiKey: {
    id: (key) => String(key.id),
    scopes: (key) => key.scopes.map(scopeEnum),
  },
  RateLimit: {
    limit: (quota) => quota.daily.limit,
    remaining: (quota) => quota.daily.remaining,
    used: (quota) => quota.daily.used,
    resetAt: (quota) => new Date(quota.daily.reset * 1000).toISOString(),
    points: (quota) => quota.points,
  },
  Query: {
    apiKeys: (_parent, _args, { dataSources }) => dataSources.developer.apiKeys(),
    // the quota after this request was counted (by its first REST call, or by the quota call now)
    rateLimit: async (_parent, _args, { apiKey }) => {
      const settlement = await apiKey?.settled();
      return settlement?.kind === 'granted' ? settlement.quota : null;
    },
  },
  Mutation: {
    createApiKey: (_parent, { input }, { dataSources }) =>
      dataSources.developer.createApiKey({
        name: input.name,
        scopes: input.scopes.map(restScope),
        expiresInDays: input.expiresInDays,
      }),
    revokeApiKey: async (_parent, { id }, { dataSources }) => {
      await dataSources.developer.revokeApiKey(numericId(id, 'id'));
      return { id, message: 'The API key was revoked' };
    },
  },
};
