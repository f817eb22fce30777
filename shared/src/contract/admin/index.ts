/** REST contract of the admin area: users, roles, the mail outbox. */
export * from './users.js';
export * from './roles.js';
export * from './mail-outbox.js';
