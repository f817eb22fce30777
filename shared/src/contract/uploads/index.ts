/** REST contract of the uploads area: market-data uploads, their kinds, history and uploaded dates. */
export * from './types.js';
export * from './results.js';
export * from './history.js';
export * from './dates.js';
export * from './batch.js';
export * from './status.js';
