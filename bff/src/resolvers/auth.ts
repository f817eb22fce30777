/** Session, sign-up, password reset and the caller's profile: me, login, signup, updateProfile, requestPasswordReset, resetPassword. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { setSessionCookie } from '../auth/session-cookie.js';
import { unauthenticated } from '../graphql/errors.js';

const ROLE_RANK: Record<string, number> = { ROLE_ADMIN: 3, ROLE_STAFF: 2, ROLE_USER: 1 };

export const authResolvers: Resolvers = {
  User: {
    id: (user) => String(user.id),
    // highest role first: the app shows the menus of the strongest role the user holds
    roles: (user) => [...user.roles].sort((a, b) => (ROLE_RANK[b.name] ?? 0) - (ROLE_RANK[a.name] ?? 0)),
  },
  Role: {
    id: (role) => String(role.id),
  },
  Query: {
    me: async (_parent, _args, { token, dataSources }) => {
      if (!token) return null;
      try {
        return await dataSources.auth.me();
      } catch (error) {
        // an expired or revoked session is simply "not logged in"
        if ((error as { extensions?: { code?: string } }).extensions?.code === 'UNAUTHENTICATED') return null;
        throw error;
      }
    },
  },
  Mutation: {
    login: async (_parent, { username, password }, { dataSources, res, config }) => {
      const result = await dataSources.auth.login({ username, password });
      if (!result?.token || !result.user) throw unauthenticated('The server did not start a session');
      if (res) setSessionCookie(res, result.token, new Date(result.expiresAt), config.cookieSecure);
      return { token: result.token, expiresAt: result.expiresAt, user: result.user };
    },
    signup: async (_parent, { input }, { dataSources }) => {
      const { referralCode, ...user } = input;
      return dataSources.auth.signup({ user, referralCode: referralCode || undefined });
    },
    updateProfile: async (_parent, { input }, { dataSources }) => {
      // the current password travels only when given (needed when the e-mail address changes)
      const { currentPassword, ...fields } = input;
      return dataSources.auth.updateProfile({ ...fields, currentPassword: currentPassword ?? undefined });
    },
    requestPasswordReset: (_parent, { input }, { dataSources }) =>
      dataSources.auth.requestPasswordReset({ UsernameOrEmail: input.usernameOrEmail }),
    resetPassword: (_parent, { input }, { dataSources }) =>
      dataSources.auth.resetPassword({ token: input.token, password: input.password }),
  },
};
