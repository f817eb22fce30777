/**
 * The whole database schema, one file per area (auth, market, company, portfolio, admin, engagement, uploads).
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
