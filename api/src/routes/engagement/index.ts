/**
 * The engagement area: subscription plans and subscriptions, referrals, contact messages. Also
 * records referrals when a user signs up with a code.
 */
import type { FastifyPluginAsync } from 'fastify';
import { findUserIdByReferralCode, recordSignupReferral } from '../../db/queries/engagement/referrals.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { referralRoutes } from './referrals.routes.js';
import { contactRoutes } from './contact.routes.js';

export const engagementRoutes: FastifyPluginAsync = async (app) => {
  // sign-up has already refused unknown codes; a code that vanished since is simply not recorded
  app.events.on('user.signedUp', async ({ userId, referralCode }) => {
    if (!referralCode) return;
    const referrerUserId = await findUserIdByReferralCode(app.db, referralCode);
    if (referrerUserId !== undefined) await recordSignupReferral(app.db, referrerUserId, userId);
  });

  await app.register(subscriptionRoutes);
  await app.register(referralRoutes);
  await app.register(contactRoutes);
};
