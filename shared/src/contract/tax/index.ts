/** REST contract of the tax area (docs/product/tax.md): the capital-gains report. */
export * from './capital-gains.js';
