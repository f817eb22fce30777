/** Route schema helpers: the shared contract's common shapes, plus the user shapes until auth has its contract. */
import { z } from 'zod';

export { errorSchema, messageSchema, idParamsSchema, errorResponses } from '@bazaar/shared/contract';

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
