/** REST contract of the engagement area: subscription plans and subscriptions, referrals, contact messages. */
export * from './subscriptions.js';
export * from './referrals.js';
export * from './contact-messages.js';
