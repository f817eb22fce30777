/**
 * REST contract of the portfolio area: brokerage firms, segments, charge types, charges,
 * financial instruments, holdings, quotes for holdings, summary and alerts.
 */
export * from './reference.js';
export * from './charges.js';
export * from './instruments.js';
export * from './holdings.js';
export * from './quotes.js';
export * from './summary.js';
export * from './alerts.js';
export * from './watchlist.js';
export * from './dashboard.js';
export * from './import.js';
export * from './benchmark.js';
