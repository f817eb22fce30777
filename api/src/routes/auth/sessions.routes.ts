/**
 * POST /auth/login and POST /auth/signup.
 *
 * Failed logins slow down, they never lock out (docs/decisions.md#login-throttling-without-lockout):
 * the account a login names is keyed by its user id (so its username and e-mail share one count);
 * after LOGIN_FAILURES_BEFORE_DELAY failures from one address each further try from there waits a
 * doubling delay, and after LOGIN_MAX_FAILURES_PER_ACCOUNT from all addresses every try waits, both
 * at most LOGIN_MAX_DELAY_SECONDS. One address failing on many accounts gets 429 for the window.
 *
 * Sign-up is limited per address and answers 202 with the same words whether or not the username or
 * e-mail was taken; it checks for a duplicate before hashing, and a duplicate waits its turn in the
 * hashing lane and as long as a hash and an insert take (docs/decisions.md#sign-up-without-account-discovery).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_USER } from '@bazaar/shared';
import {
  errorResponses,
  loginBodySchema,
  loginResponseSchema,
  SIGNUP_ANSWER,
  signupBodySchema,
  signupQuerySchema,
  signupResponseSchema,
} from '@bazaar/shared/contract';
import { BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from '../../errors.js';
import { AttemptLimiter, BackoffLimiter } from '../../auth/attempt-limiter.js';
import { CallBudget, describeWait } from '../../auth/call-budget.js';
import { getDummyHash, hashPassword, passwordWorkFor, verifyPassword, waitAsLongAsAHash } from '../../auth/password.js';
import { createUser, getUserById, isUsernameOrEmailTaken } from '../../db/queries/auth/users.js';
import { findLoginAccount } from '../../db/queries/auth/sessions.js';
import { getRoleByName } from '../../db/queries/admin/roles.js';
import { findUserIdByReferralCode } from '../../db/queries/engagement/referrals.js';

const ROLE_RANK: Record<string, number> = { ROLE_ADMIN: 3, ROLE_STAFF: 2, ROLE_USER: 1 };

/** A moving average of how long storing a new account takes (the insert and its events, not the hash). */
class DurationEstimate {
  constructor(private value: number) {}
  get ms(): number {
    return this.value;
  }
  record(ms: number): void {
    this.value = this.value * 0.8 + ms * 0.2;
  }
}

/** 429 with Retry-After while a failed-login backoff asks the caller to wait. */
function refuseWhileWaiting(wait: number): void {
  if (wait > 0)
    throw new TooManyRequestsError(`Too many failed login attempts; please try again in ${describeWait(wait)}`, wait);
}

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { perAccountAddress, perAccount, perAddress, windowMs, baseDelayMs, maxDelayMs } = app.config.loginLimits;
  // per (account, address) pair and per account: a doubling delay from 1 s, capped: never a lockout
  // in the shared counters: every instance counts the same failures (docs/decisions.md#counters-shared-through-postgresql)
  const pairFailures = new BackoffLimiter(app.counters, 'login:pair', {
    free: perAccountAddress,
    baseDelayMs,
    maxDelayMs,
    windowMs,
  });
  const accountFailures = new BackoffLimiter(app.counters, 'login:account', {
    free: perAccount,
    baseDelayMs,
    maxDelayMs,
    windowMs,
  });
  // one address failing across many accounts is a guesser: it waits out the window
  const addressFailures = new AttemptLimiter(app.counters, 'login:address', { max: perAddress, windowMs });
  const { perAddress: signupsPerAddress, windowMs: signupWindowMs } = app.config.signupLimit;
  const signups = new CallBudget(
    app.counters,
    'signup',
    { max: signupsPerAddress, windowMs: signupWindowMs },
    'sign-ups from this address',
  );
  // hash the stand-in password now (on libuv's pool), so the first failed login costs no more than the others
  void getDummyHash().catch(() => undefined);
  const storeTime = new DurationEstimate(20);

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        description:
          'Checks the username (or e-mail) and password and answers a session token with the user and roles. Failed logins slow ' +
          'further tries on the same account (per client address, then for the account as a whole) by a doubling delay of at most ' +
          'LOGIN_MAX_DELAY_SECONDS: 429 with Retry-After, never a lockout. An address failing on many accounts gets 429 for the window.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      // cheap refusals first: one password of an address checked at a time (a few more wait their
      // turn), and an address that waits out the window, before the account is even looked up
      const release = await passwordWorkFor(request.ip);
      try {
        // a guess counts as failed while it is checked (counted first, judged by the guesses before it), so
        // guesses checked at the same time, from many addresses or on many instances, cannot all pass the limits
        // before the first of them fails; a guess told to wait is not counted
        const attemptAt = Date.now();
        refuseWhileWaiting(await addressFailures.attempt(request.ip, attemptAt));
        const account = await findLoginAccount(app.db, username);
        // the username and the e-mail of one account share its count; unknown names get one of their own
        const accountKey = account ? `user:${account.id}` : `name:${username.trim().toLowerCase()}`;
        const pairKey = `${accountKey} from ${request.ip}`;
        const counted = [
          [pairFailures, pairKey],
          [accountFailures, accountKey],
          [addressFailures, request.ip],
        ] as const;
        const [pairWait, accountWait] = await Promise.all([
          pairFailures.attempt(pairKey, attemptAt),
          accountFailures.attempt(accountKey, attemptAt),
        ]);
        if (pairWait > 0 || accountWait > 0) {
          // a limiter that refused took its own count back; the ones that counted give theirs back
          await Promise.all([
            pairWait === 0 ? pairFailures.retract(pairKey, attemptAt) : undefined,
            accountWait === 0 ? accountFailures.retract(accountKey, attemptAt) : undefined,
            addressFailures.retract(request.ip, attemptAt),
          ]);
          refuseWhileWaiting(Math.max(pairWait, accountWait));
        }
        let valid: boolean;
        try {
          // the same work whether or not the account exists, so timing tells nothing
          valid = await verifyPassword(password, account?.passwordHash ?? (await getDummyHash()));
        } catch (error) {
          // not checked (the lanes were full): not a guess
          await Promise.all(counted.map(([limiter, key]) => limiter.retract(key, attemptAt)));
          throw error;
        }
        if (!account || !valid) throw new UnauthorizedError('Invalid username or password');
        // the account-wide count keeps earlier failures: a stranger's must not be wiped by the owner's success
        await Promise.all([
          pairFailures.reset(pairKey),
          accountFailures.retract(accountKey, attemptAt),
          addressFailures.retract(request.ip, attemptAt),
        ]);
        const user = await getUserById(app.db, account.id);
        const roleNames = user.roles.map((role) => role.name).sort((a, b) => (ROLE_RANK[b] ?? 0) - (ROLE_RANK[a] ?? 0));
        const { token, expiresAt } = await app.sessions.start({
          id: user.id,
          username: user.username,
          roles: roleNames,
        });
        return {
          token,
          expiresAt: expiresAt.toISOString(),
          roles: roleNames.map((name) => ({ authority: name, name })),
          user,
        };
      } finally {
        release();
      }
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
          'the referral code may also come as a query parameter. An unknown referral code is refused (400). Answers 202 with the same ' +
          'message whether the account was created or the username or e-mail was already taken (then nothing changes): log in, or ' +
          'reset the password. Limited per client address (SIGNUP_MAX_PER_ADDRESS per SIGNUP_WINDOW_MINUTES; 429 with Retry-After).',
        body: signupBodySchema,
        querystring: signupQuerySchema,
        response: { 202: signupResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      // one sign-up of an address at a time: its hash (or the wait standing for one) holds the address's slot
      const release = await passwordWorkFor(request.ip);
      try {
        await signups.spend(`address:${request.ip}`);
        const { password, ...fields } = request.body.user;
        const referralCode = request.body.referralCode ?? (request.query.referralCode?.trim() || undefined);
        if (referralCode !== undefined && (await findUserIdByReferralCode(app.db, referralCode)) === undefined) {
          throw new BadRequestError(`Referral code ${referralCode} is not valid`);
        }
        const role = await getRoleByName(app.db, ROLE_USER);
        if (!role) throw new Error('ROLE_USER is missing');
        reply.status(202);
        // a taken name costs no hash, but queues for the hashing lane and waits as long as a hash and an
        // insert take, so its timing does not tell either
        if (await isUsernameOrEmailTaken(app.db, fields.username, fields.email)) {
          await waitAsLongAsAHash();
          await sleep(storeTime.ms);
          return { message: SIGNUP_ANSWER };
        }
        const passwordHash = await hashPassword(password);
        const storing = performance.now();
        try {
          const created = await createUser(app.db, { ...fields, passwordHash, signupReferralCode: referralCode }, [
            role.id,
          ]);
          await app.events.emit('user.signedUp', { userId: created.id, referralCode });
        } catch (error) {
          // taken by a sign-up that ran at the same moment: the same answer as any taken name
          if (!(error instanceof ConflictError)) throw error;
        }
        storeTime.record(performance.now() - storing);
        return { message: SIGNUP_ANSWER };
      } finally {
        release();
      }
    },
  );
};
