/** The market area's routes: stock prices and trend lists, batched quotes and candles, technical analysis, indices; and keeping the trend lists current. */
import type { FastifyPluginAsync } from 'fastify';
import { useJsonBodyParser } from '../../plugins/json-body.js';
import { stockPriceRoutes } from './stock-prices.routes.js';
import { batchRoutes } from './batch.routes.js';
import { technicalAnalysisRoutes } from './technical-analysis.routes.js';
import { snapshotRoutes } from './snapshot.routes.js';
import { indexRoutes } from './indices.routes.js';
import { registerAnalysisRefresh } from '../../market/analysis-refresh.js';

export const marketRoutes: FastifyPluginAsync = async (app) => {
  await app.register(stockPriceRoutes);
  await app.register(batchRoutes);
  await app.register(snapshotRoutes);
  await app.register(indexRoutes);
  await app.register(async (technical) => {
    // the old client posts the SMA request with an empty body: accept an empty JSON body here only
    useJsonBodyParser(technical, { allowEmpty: true });
    await technical.register(technicalAnalysisRoutes);
  });
  registerAnalysisRefresh(app);
};
