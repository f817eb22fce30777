/** REST contract of the auth area: login, sign-up, sessions, password reset, the caller's profile. */
export * from './users.js';
export * from './session.js';
export * from './logout.js';
export * from './profile.js';
export * from './password-reset.js';
