/** @bazaar/shared: rules, constants, formatting and maths used by web, bff and api. */
export * from './constants.js';
export * from './text.js';
export * from './pager.js';
export * from './seeded-random.js';
export * from './format/money.js';
export * from './format/csv.js';
export * from './format/dates.js';
export * from './limits/token-buckets.js';
export * from './limits/standing-queue.js';
export * from './limits/admission.js';
export * from './limits/body-deadlines.js';
export * from './limits/timeout-env.js';
export * from './limits/loop-lag.js';
export * from './limits/keyed-slots.js';
export * from './validation/index.js';
export * from './market/index.js';
export * from './portfolio/index.js';
