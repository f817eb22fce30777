/** The developer area's REST contract: API keys and their quota (docs/product/developer.md#rest-calls). */
export * from './api-keys.js';
export * from './api-quota.js';
