import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, apiKeyScopeByEnum, apiKeyScopeEnum } from './api-keys.js';

describe('API key scopes and their GraphQL enum values (schema/developer.graphql)', () => {
  it('names each scope as the schema does', () => {
    expect(API_KEY_SCOPES.map(apiKeyScopeEnum)).toEqual(['MARKET_READ', 'PORTFOLIO_READ', 'PORTFOLIO_WRITE']);
  });
  it('finds a scope by its enum value, and none for a value that is not one', () => {
    expect(apiKeyScopeByEnum('PORTFOLIO_WRITE')).toBe('portfolio:write');
    expect(apiKeyScopeByEnum('ADMIN')).toBeUndefined();
    expect(apiKeyScopeByEnum('market:read')).toBeUndefined();
  });
});
