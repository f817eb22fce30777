/**
 * The route table of both services. Each area registers its routes here, under the service
 * prefix; access levels follow from the paths (see auth/access.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { adminUserRoutes } from './admin/users.routes.js';
import { profileRoutes } from './user/profile.routes.js';
import { portfolioRoutes } from './portfolio/index.js';
import { accountsRoutes } from './accounts/index.js';
import { uploadRoutes, uploadedDatesRoutes } from './uploads/uploads.routes.js';
import { marketRoutes } from './market/index.js';
import { companyRoutes } from './company/index.js';

/** Main service, mounted at /api. */
export const mainServiceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(adminUserRoutes);
  await app.register(profileRoutes);
  await app.register(portfolioRoutes);
  await app.register(accountsRoutes);
  await app.register(uploadedDatesRoutes);
  await app.register(marketRoutes);
  await app.register(companyRoutes);
};

/** Insight service (uploads), mounted at /insight. */
export const insightServiceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(uploadRoutes);
};
