/** Market maths: trend periods and windows, trend derivation, moving averages. */
export * from './periods.js';
export * from './trends.js';
export * from './moving-averages.js';
