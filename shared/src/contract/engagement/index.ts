/** REST contract of the engagement area: subscription plans and subscriptions, referrals, contact messages. */
export {};
