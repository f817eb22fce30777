/** Reads of the uploads area: the uploaded-dates calendar and the history of accepted uploads. */
export * from './dates.js';
export * from './history.js';
export * from './status.js';
