/**
 * Referrals. Every user has a referral code; the sign-up link is `{WEB_URL}/signup?referralCode=CODE` (WEB_URL
 * unset: the address the app was reached at), also as a PNG QR code. Only the user (or an administrator) reads their
 * own link. A referral `{referrerUserId, referredUserId}` is recorded
 * at sign-up with a valid code (the `user.signedUp` event, see index.ts) or afterwards by the
 * referred user; a user is referred once, and only the referrer claims the referral, once.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import QRCode from 'qrcode';
import {
  errorResponses,
  idParamsSchema,
  referralBodySchema,
  referralDtoSchema,
  referralLinkSchema,
  referralQrCodeSchema,
  referralUsernameParamsSchema,
} from '@bazaar/shared/contract';
import { isAdminUser, requireUser, type SessionUser } from '../../auth/access.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import { findUserById, findUserByUsername } from '../../db/queries/auth/users.js';
import {
  createReferral,
  getReferral,
  listReferralsByReferrer,
  markReferralClaimed,
} from '../../db/queries/engagement/referrals.js';

/** The sign-up link a referral code stands for. */
export function referralLink(webUrl: string, referralCode: string): string {
  return `${webUrl}/signup?referralCode=${encodeURIComponent(referralCode)}`;
}

/**
 * The web app's address in a referral link: WEB_URL when set; unset, the address the caller reached the app at, so a
 * copy running elsewhere does not hand out localhost:4000 (docs/product/engagement.md). Fastify reads the protocol
 * and host from X-Forwarded-Proto and X-Forwarded-Host of a trusted proxy (TRUST_PROXY: the BFF passes on the
 * browser's), else from the connection and Host. Safe here, unlike in a mailed link (mailedWebUrl): the link is
 * shown only to the caller who sent those headers.
 */
export function referralWebUrl(webUrl: string | undefined, request: FastifyRequest): string {
  return webUrl ?? `${request.protocol}://${request.host}`;
}

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: referrals'];

  /**
   * The user named in the path, if the caller may read their referral link. Someone else's name
   * answers the same 404 as a name nobody has, so the route does not tell who has an account
   * (docs/decisions.md#referral-routes-answer-404).
   */
  async function ownReferralTarget(caller: SessionUser, username: string) {
    const target = await findUserByUsername(app.db, username);
    if (!target || (target.id !== caller.id && !isAdminUser(caller)))
      throw new NotFoundError(`User ${username} was not found`);
    return target;
  }

  app.get(
    '/users/referrals/:username',
    {
      schema: {
        tags,
        summary: 'My referral link',
        description:
          'The sign-up link with the user’s referral code, as plain text. Only the user themselves or an administrator; anyone else ' +
          'gets 404, as for a name nobody has.',
        params: referralUsernameParamsSchema,
        response: {
          200: referralLinkSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const target = await ownReferralTarget(requireUser(request), request.params.username);
      reply.type('text/plain; charset=utf-8');
      return referralLink(referralWebUrl(app.config.webUrl, request), target.referralCode);
    },
  );

  app.get(
    '/users/referrals/:username/QR-code',
    {
      schema: {
        tags,
        summary: 'My referral link as a QR code',
        description:
          'A PNG image of a QR code that encodes the referral link. Only the user themselves or an administrator (anyone else: 404).',
        params: referralUsernameParamsSchema,
        response: { 200: referralQrCodeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const target = await ownReferralTarget(requireUser(request), request.params.username);
      const png = await QRCode.toBuffer(referralLink(referralWebUrl(app.config.webUrl, request), target.referralCode), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 320,
      });
      reply.type('image/png');
      return png;
    },
  );

  app.get(
    '/user/referrals/referrer/:id',
    {
      schema: {
        tags,
        summary: 'Referrals made by a user',
        description:
          'The users this referrer brought in, latest first, with their claim state. Only the referrer themselves or an administrator; ' +
          'anyone else gets 404, as for an id nobody has.',
        params: idParamsSchema,
        response: { 200: z.array(referralDtoSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const referrerId = request.params.id;
      // someone else's id answers as an unknown one: 404 either way
      if ((referrerId !== caller.id && !isAdminUser(caller)) || !(await findUserById(app.db, referrerId)))
        throw new NotFoundError(`User ${referrerId} was not found`);
      return listReferralsByReferrer(app.db, referrerId);
    },
  );

  app.post(
    '/user/referrals',
    {
      schema: {
        tags,
        summary: 'Record who referred you',
        description:
          'Body `{referrerUserId, referredUserId}`. The caller must be the referred user (administrators may record any). A user is referred ' +
          'once (409) and cannot refer themselves (400).',
        body: referralBodySchema,
        response: { 201: referralDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { referrerUserId, referredUserId } = request.body;
      if (referredUserId !== caller.id && !isAdminUser(caller))
        throw new ForbiddenError('You can only record who referred you');
      if (referrerUserId === referredUserId) throw new BadRequestError('A user cannot refer themselves');
      for (const id of [referrerUserId, referredUserId]) {
        if (!(await findUserById(app.db, id))) throw new NotFoundError(`User ${id} was not found`);
      }
      const created = await createReferral(app.db, referrerUserId, referredUserId);
      reply.status(201);
      return created;
    },
  );

  app.post(
    '/user/referrals/:id/claim',
    {
      schema: {
        tags,
        summary: 'Claim a referral',
        description: 'Empty body. Only the referrer claims, and only once (409 afterwards).',
        params: idParamsSchema,
        response: { 200: referralDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const referral = await getReferral(app.db, request.params.id);
      if (referral.referrerUserId !== caller.id)
        throw new ForbiddenError('Only the user who made this referral can claim it');
      if (!(await markReferralClaimed(app.db, referral.id, new Date())))
        throw new ConflictError('This referral has already been claimed');
      return getReferral(app.db, referral.id);
    },
  );
};
