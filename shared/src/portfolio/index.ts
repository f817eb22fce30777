/** Portfolio maths: charges of a trade, P&L net of charges, sales and totals. */
export * from './charges.js';
export * from './pnl.js';
export * from './sale.js';
export * from './totals.js';
export * from './holding-dates.js';
export * from './holding-form.js';
export * from './charge-form.js';
export * from './xirr.js';
export * from './dashboard.js';
export * from './tradebook.js';
export * from './tradebook-fifo.js';
export * from './holding-events.js';
export * from './exact.js';
export * from './tax/index.js';
export * from './benchmark.js';
export * from './positions.js';
