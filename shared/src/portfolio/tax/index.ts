/** Capital gains for India's income-tax return (docs/product/tax.md). */
export * from './tax-rules.js';
export * from './capital-gains.js';
export * from './tax-summary.js';
