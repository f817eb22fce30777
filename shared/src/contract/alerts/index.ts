/** The alerts area's REST contract: rules, notifications, settings and the digest's unsubscribe link. */
export * from './rules.js';
export * from './notifications.js';
export * from './settings.js';
