/**
 * Referrals: the sign-up link (plain text) and its QR code (PNG) under /users/referrals/:username,
 * the referrals a user made, recording and claiming one under /user/referrals.
 */
import { z } from 'zod';
import { idValue } from '../../validation/rules.js';
import { isoTimestampSchema } from '../common.js';

export const referralDtoSchema = z
  .object({
    id: z.number().int(),
    referrerUserId: z.number().int(),
    referredUserId: z.number().int(),
    referredUsername: z.string(),
    createdAt: isoTimestampSchema,
    claimed: z.boolean(),
    claimedAt: isoTimestampSchema.nullable(),
  })
  .describe('A referral: who referred whom, and whether the referrer has claimed it');
export type ReferralDto = z.infer<typeof referralDtoSchema>;

export const referralUsernameParamsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'username is required')
    .max(254, 'username is too long')
    .describe('The user’s username'),
});

/** GET /users/referrals/:username answers the link as text/plain. */
export const referralLinkSchema = z.string().describe('The link, e.g. https://…/signup?referralCode=ABCDE23456');

/** GET /users/referrals/:username/QR-code answers a PNG image of the link's QR code. */
export const referralQrCodeSchema = z.unknown().describe('image/png');

export const referralBodySchema = z.object({
  referrerUserId: idValue('referrerUserId'),
  referredUserId: idValue('referredUserId'),
});
export type ReferralBody = z.input<typeof referralBodySchema>;
