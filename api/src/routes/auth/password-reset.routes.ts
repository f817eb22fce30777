/**
 * POST /public/forgot-password?UsernameOrEmail= and POST /public/change-password?token=&password=.
 *
 * A reset token is 32 random bytes (base64url) that exists only in the mailed link
 * `{WEB_URL}/change-password?token=…&email=…`; the database keeps its SHA-256. Forgot-password
 * answers the same message whether or not an account matched (no account discovery), and answers
 * before the token and the mail are made: that work runs once the answer has left, so an existing
 * account answers no slower than an unknown one (docs/decisions.md#forgot-password-in-constant-time). A token is
 * valid for PASSWORD_RESET_TOKEN_MINUTES and once: using it sets the password, ends the user's
 * sessions (their rows in the sessions table) and burns every other reset token of the user. Both calls are
 * limited per client address and per account. Their query strings carry secrets, so these routes
 * log only warnings and errors (Fastify's request log would otherwise write the URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordQuerySchema,
  errorResponses,
  forgotPasswordQuerySchema,
  messageSchema,
  RESET_LINK_MESSAGES,
} from '@bazaar/shared/contract';
import { mailedWebUrl } from '../../config.js';
import { BadRequestError } from '../../errors.js';
import { hashPassword } from '../../auth/password.js';
import { CallBudget } from '../../auth/call-budget.js';
import { findLoginAccount } from '../../db/queries/auth/sessions.js';
import { insertResetToken, inspectResetToken, resetPasswordWithToken } from '../../db/queries/auth/password-reset.js';
import type { Mailer } from '../../mail/mailer.js';
import { passwordResetMail } from '../../mail/templates.js';

export const FORGOT_PASSWORD_ANSWER =
  'If an account matches what you entered, we have sent a link to set a new password to its e-mail address. The link works once and expires soon.';
export const PASSWORD_CHANGED_ANSWER = 'Your password has been changed. You can now log in with your new password.';

/** SHA-256 hex: what the database keeps of a token. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const passwordResetRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  const tags = ['auth: password reset'];
  const { tokenTtlMs, perAccount, perAddress, windowMs } = app.config.passwordReset;
  const validMinutes = Math.round(tokenTtlMs / 60_000);
  // in the shared counters: every instance counts the same calls
  const budget = (name: string, max: number, what: string) =>
    new CallBudget(app.counters, name, { max, windowMs }, what);
  const requestsByAddress = budget('reset:request', perAddress, 'password reset requests');
  const requestsByAccount = budget('reset:request', perAccount, 'password reset requests for this account');
  const changesByAddress = budget('reset:change', perAddress, 'password change attempts');
  const changesByAccount = budget('reset:change', perAccount, 'password change attempts for this account');
  // the account-specific work of a forgot-password request, run after its answer has been sent
  const afterAnswer = new WeakMap<FastifyRequest, () => Promise<void>>();
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.post(
    '/public/forgot-password',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Send a password reset link',
        description:
          'Query `UsernameOrEmail` (no body). When it names an account, a single-use link valid for PASSWORD_RESET_TOKEN_MINUTES (30 by default) ' +
          'is mailed to the account’s address (SMTP when SMTP_URL is set, else the mail outbox administrators read). The answer is the same ' +
          'whether or not an account matched, and comes before the link is made and mailed. Limited per client address and per account (429 with Retry-After).',
        querystring: forgotPasswordQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
      onResponse: (request, _reply, done) => {
        const work = afterAnswer.get(request);
        done();
        if (!work) return;
        const job = work()
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'))
          .finally(() => running.delete(job));
        running.add(job);
      },
    },
    async (request) => {
      await requestsByAddress.spend(`address:${request.ip}`);
      const usernameOrEmail = request.query.UsernameOrEmail;
      const user = await findLoginAccount(app.db, usernameOrEmail);
      // unknown names have budgets too, so a 429 does not tell that an account exists
      await requestsByAccount.spend(user ? `user:${user.id}` : `name:${usernameOrEmail.toLowerCase()}`);
      if (user) {
        afterAnswer.set(request, async () => {
          const token = randomBytes(32).toString('base64url');
          const link = `${mailedWebUrl(app.config)}/change-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
          const mail = passwordResetMail(user, link, validMinutes);
          await app.db.transaction(async (tx) => {
            await insertResetToken(tx, {
              userId: user.id,
              tokenHash: hashResetToken(token),
              expiresAt: new Date(Date.now() + tokenTtlMs),
            });
            // outbox mail is stored with its token, in the same transaction
            if (mailer.transport === 'outbox') await mailer.send(tx, mail);
          });
          // SMTP mail leaves only once the token is committed
          if (mailer.transport === 'smtp') await mailer.send(app.db, mail);
        });
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/public/change-password',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        description:
          'Query `token` (from the mailed link) and `password` (8 to 32 characters), no body. Sets the password if the token is valid, unused ' +
          'and unexpired; then the token and every other reset token of the user stop working and the user’s existing sessions end. ' +
          'Otherwise 400 with a message saying why. Limited per client address and per account (429 with Retry-After).',
        querystring: changePasswordQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await changesByAddress.spend(`address:${request.ip}`);
      const tokenHash = hashResetToken(request.query.token);
      const found = await inspectResetToken(app.db, tokenHash, new Date());
      if (found.state !== 'valid') throw new BadRequestError(RESET_LINK_MESSAGES[found.state]);
      await changesByAccount.spend(`user:${found.userId}`);
      // hashing is deliberately slow: only for tokens that are worth it
      const passwordHash = await hashPassword(request.query.password);
      const used = await resetPasswordWithToken(app.db, tokenHash, passwordHash, new Date());
      if (used.state !== 'valid') throw new BadRequestError(RESET_LINK_MESSAGES[used.state]);
      return { message: PASSWORD_CHANGED_ANSWER };
    },
  );
};
