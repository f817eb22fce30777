/** The alerts area's routes (docs/product/alerts.md#rest-calls): rules, notifications, settings and unsubscribe. */
import type { FastifyPluginAsync } from 'fastify';
import { alertRuleRoutes } from './rules.routes.js';
import { notificationRoutes } from './notifications.routes.js';
import { alertSettingsRoutes } from './settings.routes.js';

export const alertRoutes: FastifyPluginAsync = async (app) => {
  await app.register(alertRuleRoutes);
  await app.register(notificationRoutes);
  await app.register(alertSettingsRoutes);
};
