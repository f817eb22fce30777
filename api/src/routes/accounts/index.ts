/**
 * The accounts area (issue 6): password reset, subscription plans and subscriptions, referrals,
 * contact messages and the mail outbox. Also records referrals when a user signs up with a code.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createMailer } from '../../mail/mailer.js';
import { findUserIdByReferralCode } from '../../db/queries/referral-codes.js';
import { recordSignupReferral } from '../../db/queries/accounts.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { referralRoutes } from './referrals.routes.js';
import { contactRoutes } from './contact.routes.js';

export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const mailer = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, logger: app.log });
  app.addHook('onClose', async () => mailer.close());

  // sign-up has already refused unknown codes; a code that vanished since is simply not recorded
  app.events.on('user.signedUp', async ({ userId, referralCode }) => {
    if (!referralCode) return;
    const referrerUserId = await findUserIdByReferralCode(app.db, referralCode);
    if (referrerUserId !== undefined) await recordSignupReferral(app.db, referrerUserId, userId);
  });

  await app.register(passwordResetRoutes, { mailer });
  await app.register(subscriptionRoutes);
  await app.register(referralRoutes);
  await app.register(contactRoutes);
};
