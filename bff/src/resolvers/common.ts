/** Scalars, service status and logout. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { clearSessionCookie } from '../auth/session-cookie.js';
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
    logout: async (_parent, _args, { token, res, config, dataSources }) => {
      if (res) clearSessionCookie(res, config.cookieSecure);
      // the session ends on the server too, so a kept copy of the cookie or token is worthless from now on
      // (docs/decisions.md#sessions-end-on-the-server); the API answers 204 even for a session already over
      if (token) await dataSources.auth.logout();
      return true;
    },
  },
};
