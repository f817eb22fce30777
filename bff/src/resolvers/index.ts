/** Every area's resolvers; makeExecutableSchema merges the list. Areas add theirs here. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { commonResolvers } from './common.js';
import { authResolvers } from './auth.js';
import { adminResolvers } from './admin.js';
import { portfolioResolvers } from './portfolio.js';
import { engagementResolvers } from './engagement.js';
import { marketResolvers } from './market.js';
import { companyResolvers } from './company.js';
import { uploadsResolvers } from './uploads.js';
import { taxResolvers } from './tax.js';
import { indicesResolvers } from './indices.js';
import { benchmarkResolvers } from './benchmark.js';
import { developerResolvers } from './developer.js';
import { alertsResolvers } from './alerts.js';

export const resolvers: Resolvers[] = [
  commonResolvers,
  authResolvers,
  adminResolvers,
  portfolioResolvers,
  engagementResolvers,
  marketResolvers,
  companyResolvers,
  uploadsResolvers,
  taxResolvers,
  indicesResolvers,
  benchmarkResolvers,
  developerResolvers,
  alertsResolvers,
];
