/** The user account and its roles, as every route that answers a user shows them. */
import { z } from 'zod';
import { timestampsShape } from '../common.js';

export const roleDtoSchema = z.object({ id: z.number().int(), name: z.string() }).describe('A role');
export type RoleDto = z.infer<typeof roleDtoSchema>;

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
    ...timestampsShape,
  })
  .describe('A user account (the password never leaves the server)');
export type UserDto = z.infer<typeof userDtoSchema>;
