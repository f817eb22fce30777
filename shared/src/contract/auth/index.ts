/** REST contract of the auth area: login, sign-up, sessions, password reset, the caller's profile. */
export {};
