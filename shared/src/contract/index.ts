/**
 * @bazaar/shared/contract: the REST contract, one zod schema per request and response, per area.
 * Imported by the API (route schemas, enforced on send, OpenAPI) and the BFF (types of its calls).
 */
export * from './common.js';
export * from './paging.js';
export * from './auth/index.js';
export * from './admin/index.js';
export * from './market/index.js';
export * from './company/index.js';
export * from './portfolio/index.js';
export * from './uploads/index.js';
export * from './engagement/index.js';
export * from './tax/index.js';
export * from './developer/index.js';
export * from './alerts/index.js';
