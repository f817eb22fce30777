/** POST /auth/login and POST /auth/signup. */
import { z } from 'zod';
import { loginSchema, signupRequestSchema } from '../../validation/auth.js';
import { MESSAGES } from '../../validation/messages.js';
import { isoTimestampSchema } from '../common.js';
import { userDtoSchema } from './users.js';

export const loginBodySchema = loginSchema;
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string().describe('Signed JWT (HS256) to send as `Authorization: Bearer <token>`'),
  expiresAt: isoTimestampSchema.describe('When the token expires (ISO timestamp)'),
  roles: z.array(z.object({ authority: z.string(), name: z.string() })).describe('The user’s roles, highest first'),
  user: userDtoSchema,
});
export type LoginResponseDto = z.infer<typeof loginResponseSchema>;

/** Body `{ user, referralCode? }`; the referral code may also come in the query string. */
export const signupBodySchema = signupRequestSchema;
export type SignupBody = z.input<typeof signupBodySchema>;

export const signupQuerySchema = z.object({ referralCode: z.string().max(32).optional() });

/**
 * The answer to every accepted sign-up (202): the same status and words whether the account was created
 * or the username or e-mail address was already taken, so sign-up does not reveal who has an account.
 */
export const SIGNUP_ANSWER = MESSAGES.signupAnswer;
export const signupResponseSchema = z
  .object({ message: z.string() })
  .describe(
    'Always the same text: if the username and e-mail are new the account is ready, otherwise log in or reset your password',
  );
export type SignupResponseDto = z.infer<typeof signupResponseSchema>;
