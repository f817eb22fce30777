/** The admin area: users, roles and the mail outbox (administrators only, by the /admin path). */
import type { FastifyPluginAsync } from 'fastify';
import { adminUserRoutes } from './users.routes.js';
import { adminRoleRoutes } from './roles.routes.js';
import { mailOutboxRoutes } from './mail-outbox.routes.js';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminUserRoutes);
  await app.register(adminRoleRoutes);
  await app.register(mailOutboxRoutes);
};
