/** Response shapes shared by the route schemas (documentation in /docs; not a serializer). */
import { z } from 'zod';

export const errorSchema = z
  .object({
    status: z.number().int().describe('HTTP status code'),
    error: z.string().describe('HTTP status text'),
    message: z.string().describe('What is wrong, in words for people'),
    details: z.unknown().optional().describe('Extra detail for some errors (e.g. the rows of a rejected upload)'),
  })
  .describe('Every error answer has this shape');

export const messageSchema = z.object({ message: z.string() });

export const roleDtoSchema = z.object({ id: z.number().int(), name: z.string() }).describe('A role');

export const userDtoSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    mobileNo: z.string().nullable(),
    profilePictureUrl: z.string().nullable(),
    referralCode: z.string().describe("This user's own referral code"),
    roles: z.array(roleDtoSchema),
    createdAt: z.string().describe('ISO timestamp'),
    updatedAt: z.string().describe('ISO timestamp'),
  })
  .describe('A user account (the password never leaves the server)');

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(2_147_483_647, 'id is too large'),
});

/** Standard error answers to attach to a route's response documentation. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema]));
}
