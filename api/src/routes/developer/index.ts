/**
 * The developer area (docs/product/developer.md): the caller's API keys, and the BFF's calls for the quota of the
 * key a GraphQL request came with.
 */
import type { FastifyPluginAsync } from 'fastify';
import { apiKeyRoutes } from './api-keys.routes.js';
import { apiQuotaRoutes } from './api-quota.routes.js';

export const developerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(apiKeyRoutes);
  await app.register(apiQuotaRoutes);
};
