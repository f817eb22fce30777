/** /admin/roles: role names are authorities (ROLE_…); answers are RoleDto (see auth). */
import type { z } from 'zod';
import { roleSchema } from '../../validation/auth.js';

export const roleBodySchema = roleSchema;
export type RoleBody = z.input<typeof roleBodySchema>;
