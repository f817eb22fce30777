/** Market maths and rules: trend periods and windows, trend derivation, moving averages and their sizes, the exchange date, corporate actions. */
export * from './periods.js';
export * from './trends.js';
export * from './moving-averages.js';
export * from './average-sizes.js';
export * from './exchange-date.js';
export * from './corporate-actions.js';
export * from './indices.js';
