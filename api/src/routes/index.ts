/**
 * The route table of both services. Each area registers its routes here, under the service
 * prefix; access levels follow from the paths (see auth/access.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/index.js';
import { adminRoutes } from './admin/index.js';
import { portfolioRoutes } from './portfolio/index.js';
import { engagementRoutes } from './engagement/index.js';
import { uploadRoutes, uploadedDatesRoutes } from './uploads/uploads.routes.js';
import { marketDataStatusRoutes } from './uploads/status.routes.js';
import { marketRoutes } from './market/index.js';
import { companyRoutes } from './company/index.js';
import { taxRoutes } from './tax/index.js';
import { developerRoutes } from './developer/index.js';
import { alertRoutes } from './alerts/index.js';

/** Main service, mounted at /api. */
export const mainServiceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(portfolioRoutes);
  await app.register(engagementRoutes);
  await app.register(uploadedDatesRoutes);
  await app.register(marketRoutes);
  await app.register(companyRoutes);
  await app.register(taxRoutes);
  await app.register(developerRoutes);
  await app.register(alertRoutes);
};

/** Insight service (uploads), mounted at /insight. */
export const insightServiceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(uploadRoutes);
  await app.register(marketDataStatusRoutes);
};
