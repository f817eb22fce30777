/** REST contract of the market area: stock prices, candles and series, trend lists, technical analysis. */
export * from './fields.js';
export * from './stock-prices.js';
export * from './batch.js';
export * from './trend-lists.js';
export * from './technical-analysis.js';
export * from './snapshot.js';
export * from './indices.js';
