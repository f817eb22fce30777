/**
 * The auth area: login, logout and sign-up (/auth), password reset (/public/forgot-password,
 * /public/change-password) and the caller's own profile (/user/profile).
 */
import type { FastifyPluginAsync } from 'fastify';
import { createMailer } from '../../mail/mailer.js';
import { configurePasswordHashing } from '../../auth/password.js';
import { sessionRoutes } from './sessions.routes.js';
import { logoutRoutes } from './logout.routes.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { profileRoutes } from './profile.routes.js';

export const authRoutes: FastifyPluginAsync = async (app) => {
  configurePasswordHashing(app.config.passwordHashing);
  // password reset is the one sender of mail
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    logger: app.log,
    production: app.config.env === 'production',
  });
  app.addHook('onClose', async () => mailer.close());

  await app.register(sessionRoutes);
  await app.register(logoutRoutes);
  await app.register(passwordResetRoutes, { mailer });
  await app.register(profileRoutes);
};
