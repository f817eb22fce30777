/**
 * The caller's own profile: GET /user/profile and PUT /user/profile. The user is always the
 * caller (from the token); ids, roles and new passwords in the body are ignored. A new e-mail
 * address needs the current password: reset links go to that address, so a borrowed session must
 * not be able to move them (docs/decisions.md#e-mail-change-needs-the-password).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@bazaar/shared';
import { errorResponses, profileBodySchema, userDtoSchema } from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { AttemptLimiter } from '../../auth/attempt-limiter.js';
import { describeWait } from '../../auth/call-budget.js';
import { verifyPassword } from '../../auth/password.js';
import { BadRequestError, TooManyRequestsError } from '../../errors.js';
import { findLoginAccount } from '../../db/queries/auth/sessions.js';
import { getUserById, updateUser } from '../../db/queries/auth/users.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: profile'];
  // wrong current passwords per user: a stolen session must not become a password-guessing oracle
  const wrongPasswords = new AttemptLimiter(app.counters, 'profile:password', {
    max: app.config.loginLimits.perAccountAddress,
    windowMs: app.config.loginLimits.windowMs,
  });

  app.get(
    '/user/profile',
    { schema: { tags, summary: 'My profile', response: { 200: userDtoSchema, ...errorResponses(401) } } },
    async (request) => getUserById(app.db, requireUser(request).id),
  );

  app.put(
    '/user/profile',
    {
      schema: {
        tags,
        summary: 'Update my profile',
        description:
          'Updates first and last name, e-mail, mobile number and picture URL of the caller. Other fields are ignored. A different ' +
          'e-mail address also needs `currentPassword` (400 when it is missing or wrong; 429 after repeated wrong ones).',
        body: profileBodySchema,
        response: { 200: userDtoSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { mobileNo, profilePictureUrl, currentPassword, ...names } = request.body;
      const current = await getUserById(app.db, caller.id);
      if (names.email.toLowerCase() !== current.email.toLowerCase()) {
        await checkCurrentPassword(current.username, caller.id, currentPassword);
      }
      return updateUser(app.db, caller.id, {
        ...names,
        mobileNo: mobileNo ?? null,
        profilePictureUrl: profilePictureUrl ?? null,
      });
    },
  );

  async function checkCurrentPassword(username: string, userId: number, password: string | undefined) {
    if (!password) throw new BadRequestError(MESSAGES.currentPasswordRequired);
    const key = `user:${userId}`;
    const wait = await wrongPasswords.retryAfterSeconds(key);
    if (wait > 0)
      throw new TooManyRequestsError(`Too many wrong passwords; please try again in ${describeWait(wait)}`, wait);
    const account = await findLoginAccount(app.db, username);
    if (!account || !(await verifyPassword(password, account.passwordHash))) {
      await wrongPasswords.recordFailure(key);
      throw new BadRequestError(MESSAGES.currentPasswordWrong);
    }
    await wrongPasswords.reset(key);
  }
};
