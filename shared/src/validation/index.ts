export * from './messages.js';
export * from './rules.js';
export * from './trade.js';
export * from './auth.js';
export * from './reference.js';
export * from './market.js';
export * from './developer.js';
