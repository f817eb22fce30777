/** The tax area's routes (docs/product/tax.md): the capital-gains report and its files. */
import type { FastifyPluginAsync } from 'fastify';
import { capitalGainsRoutes } from './capital-gains.routes.js';

export const taxRoutes: FastifyPluginAsync = async (app) => {
  await app.register(capitalGainsRoutes);
};
