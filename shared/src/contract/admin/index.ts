/** REST contract of the admin area: users, roles, the mail outbox. */
export {};
