/** /admin/users: administrators create, change and delete accounts (answers are UserDto, see auth). */
import type { z } from 'zod';
import { assignRoleSchema, userCreateSchema, userUpdateSchema } from '../../validation/auth.js';

/** POST /admin/users: exactly one role, as `roles: [{id?, name}]`. */
export const userCreateBodySchema = userCreateSchema;
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

/** PUT /admin/users/:id: a blank password keeps the current one. */
export const userUpdateBodySchema = userUpdateSchema;
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** POST /admin/users/:id/roles: one role by id or by name. */
export const assignRoleBodySchema = assignRoleSchema;
export type AssignRoleBody = z.input<typeof assignRoleBodySchema>;
