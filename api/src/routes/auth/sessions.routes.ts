/** POST /auth/login and POST /auth/signup. Failed logins are limited per account and per client address. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_USER } from '@bazaar/shared';
import {
  errorResponses,
  loginBodySchema,
  loginResponseSchema,
  signupBodySchema,
  signupQuerySchema,
  userDtoSchema,
} from '@bazaar/shared/contract';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../../errors.js';
import { AttemptLimiter } from '../../auth/attempt-limiter.js';
import { getDummyHash, hashPassword, verifyPassword } from '../../auth/password.js';
import { createUser, getUserById } from '../../db/queries/auth/users.js';
import { findLoginAccount } from '../../db/queries/auth/sessions.js';
import { getRoleByName } from '../../db/queries/admin/roles.js';
import { findUserIdByReferralCode } from '../../db/queries/engagement/referrals.js';

const ROLE_RANK: Record<string, number> = { ROLE_ADMIN: 3, ROLE_STAFF: 2, ROLE_USER: 1 };

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // hash the stand-in password now (on libuv's pool), so the first failed login costs no more than the others
  void getDummyHash().catch(() => undefined);
  const { perAccount, perAddress, windowMs } = app.config.loginLimits;
  const accountFailures = new AttemptLimiter({ max: perAccount, windowMs });
  const addressFailures = new AttemptLimiter({ max: perAddress, windowMs });

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        description:
          'Checks the username (or e-mail) and password and answers a session token with the user and roles.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const accountKey = username.trim().toLowerCase();
      const wait = Math.max(
        accountFailures.retryAfterSeconds(accountKey),
        addressFailures.retryAfterSeconds(request.ip),
      );
      if (wait > 0) {
        throw new TooManyRequestsError(
          `Too many failed login attempts; please try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}`,
          wait,
        );
      }
      const account = await findLoginAccount(app.db, username);
      // the same work whether or not the account exists, so timing tells nothing
      const valid = await verifyPassword(password, account?.passwordHash ?? (await getDummyHash()));
      if (!account || !valid) {
        accountFailures.recordFailure(accountKey);
        addressFailures.recordFailure(request.ip);
        throw new UnauthorizedError('Invalid username or password');
      }
      accountFailures.reset(accountKey);
      const user = await getUserById(app.db, account.id);
      const roleNames = user.roles.map((role) => role.name).sort((a, b) => (ROLE_RANK[b] ?? 0) - (ROLE_RANK[a] ?? 0));
      const { token, expiresAt } = await app.sessions.start({ id: user.id, username: user.username, roles: roleNames });
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        roles: roleNames.map((name) => ({ authority: name, name })),
        user,
      };
    },
  );

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up',
        description:
          'Creates an account with ROLE_USER. Body `{ user: {firstName, lastName, username, password, email, mobileNo?}, referralCode? }`; ' +
          'the referral code may also come as a query parameter. An unknown referral code is refused.',
        body: signupBodySchema,
        querystring: signupQuerySchema,
        response: { 201: userDtoSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { password, ...fields } = request.body.user;
      const referralCode = request.body.referralCode ?? (request.query.referralCode?.trim() || undefined);
      if (referralCode !== undefined && (await findUserIdByReferralCode(app.db, referralCode)) === undefined) {
        throw new BadRequestError(`Referral code ${referralCode} is not valid`);
      }
      const role = await getRoleByName(app.db, ROLE_USER);
      if (!role) throw new Error('ROLE_USER is missing');
      const passwordHash = await hashPassword(password);
      const created = await createUser(app.db, { ...fields, passwordHash, signupReferralCode: referralCode }, [
        role.id,
      ]);
      await app.events.emit('user.signedUp', { userId: created.id, referralCode });
      reply.status(201);
      return created;
    },
  );
};
