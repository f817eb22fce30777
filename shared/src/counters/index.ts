/**
 * @bazaar/shared/counters: the shared counters of both services (docs/engineering.md#glossary), in memory or in
 * PostgreSQL. Node-only: the web app never imports this entry.
 */
export * from './counter-store.js';
export * from './memory-counter-store.js';
export * from './sql-counter-store.js';
export * from './fallback-counter-store.js';
export * from './postgres-counter-store.js';
export * from './rate-limits.js';
