/** GET and PUT /user/profile: the caller's own account (answers a UserDto). */
import type { z } from 'zod';
import { profileUpdateSchema } from '../../validation/auth.js';

export const profileBodySchema = profileUpdateSchema;
export type ProfileBody = z.input<typeof profileBodySchema>;
