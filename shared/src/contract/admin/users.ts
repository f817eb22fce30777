/** /admin/users: administrators create, change and delete accounts (answers are UserDto, see auth). */
import type { z } from 'zod';
import { assignRoleSchema, userCreateSchema, userUpdateSchema } from '../../validation/auth.js';

export {
  /** POST /admin/users: exactly one role, as `roles: [{id?, name}]`. */
  userCreateSchema as userCreateBodySchema,
  /** PUT /admin/users/:id: a blank password keeps the current one. */
  userUpdateSchema as userUpdateBodySchema,
  /** POST /admin/users/:id/roles: one role by id or by name. */
  assignRoleSchema as assignRoleBodySchema,
};
export type UserCreateBody = z.input<typeof userCreateSchema>;
export type UserUpdateBody = z.input<typeof userUpdateSchema>;
export type AssignRoleBody = z.input<typeof assignRoleSchema>;
