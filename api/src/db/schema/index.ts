/**
 * The whole database schema, one file per area (auth, market, company, portfolio, admin, engagement, uploads,
 * developer, alerts): a table lives in its area's file; the shared counters of every instance have their own.
 * drizzle-kit reads this module to generate the versioned migrations in api/drizzle/.
 */
export * from './auth.js';
export * from './market.js';
export * from './company.js';
export * from './data-versions.js';
export * from './portfolio.js';
export * from './uploads.js';
export * from './admin.js';
export * from './engagement.js';
export * from './developer.js';
export * from './shared-counters.js';
export * from './alerts.js';
