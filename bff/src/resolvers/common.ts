/** Scalars, service status and logout. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { clearSessionCookie } from '../session.js';
import { DateScalar, DateTimeScalar, DecimalScalar } from './scalars.js';

export const commonResolvers: Resolvers = {
  Decimal: DecimalScalar,
  Date: DateScalar,
  DateTime: DateTimeScalar,
  Query: {
    serviceStatus: async (_parent, _args, { dataSources }) => ({
      bff: 'OK',
      api: (await dataSources.system.apiHealthy()) ? 'OK' : 'UNAVAILABLE',
    }),
  },
  Mutation: {
    logout: (_parent, _args, { res, config }) => {
      if (res) clearSessionCookie(res, config.cookieSecure);
      return true;
    },
  },
};
