/**
 * POST /public/forgot-password and POST /public/change-password: both take their values in the
 * query string, with no body, and answer `{message}`.
 */
import { z } from 'zod';
import { forgotPasswordSchema, signupPasswordSchema } from '../../validation/auth.js';

/** Why a reset link does not work, as the change-password call answers it (400). */
export const RESET_LINK_MESSAGES = {
  unknown: 'This password reset link is not valid. Please ask for a new link.',
  used: 'This password reset link has already been used. Please ask for a new link.',
  expired: 'This password reset link has expired. Please ask for a new link.',
} as const;

export const forgotPasswordQuerySchema = forgotPasswordSchema;
export type ForgotPasswordQuery = z.input<typeof forgotPasswordQuerySchema>;

export const changePasswordQuerySchema = z.object({
  token: z
    .string({ error: RESET_LINK_MESSAGES.unknown })
    .trim()
    .min(1, RESET_LINK_MESSAGES.unknown)
    .max(200, RESET_LINK_MESSAGES.unknown)
    .describe('The token from the reset link'),
  password: signupPasswordSchema.describe('The new password, 8 to 32 characters'),
});
export type ChangePasswordQuery = z.input<typeof changePasswordQuerySchema>;
