/** REST contract of the company area: companies, company analysis, corporate actions, financial statements. */
export * from './companies.js';
export * from './corporate-actions.js';
export * from './statements.js';
