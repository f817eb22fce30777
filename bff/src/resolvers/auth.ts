/** Session and profile: me, login, signup, updateProfile. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { UserDto } from '../datasources/auth-api.js';
import { setSessionCookie } from '../session.js';
import { unauthenticated } from '../errors.js';

const ROLE_RANK: Record<string, number> = { ROLE_ADMIN: 3, ROLE_STAFF: 2, ROLE_USER: 1 };

/** Expiry from the token itself when the server does not say (other servers of the contract). */
function expiryOf(token: string, stated: string | undefined): Date {
  if (stated) return new Date(stated);
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
    if (typeof payload.exp === 'number') return new Date(payload.exp * 1000);
  } catch {
    // not a JWT we can read
  }
  return new Date(Date.now() + 8 * 3600 * 1000);
}

export const authResolvers: Resolvers = {
  User: {
    id: (user) => String(user.id),
    // highest role first: the app shows the menus of the strongest role the user holds
    roles: (user: UserDto) => [...user.roles].sort((a, b) => (ROLE_RANK[b.name] ?? 0) - (ROLE_RANK[a.name] ?? 0)),
    referralCode: (user) => user.referralCode ?? null,
  },
  Role: {
    id: (role) => String(role.id),
  },
  Query: {
    me: async (_parent, _args, { token, dataSources }) => {
      if (!token) return null;
      try {
        return await dataSources.auth.getProfile();
      } catch (error) {
        // an expired or revoked session is simply "not logged in"
        if ((error as { extensions?: { code?: string } }).extensions?.code === 'UNAUTHENTICATED') return null;
        throw error;
      }
    },
  },
  Mutation: {
    login: async (_parent, { username, password }, { dataSources, res, config }) => {
      const result = await dataSources.auth.login(username, password);
      if (!result?.token || !result.user) throw unauthenticated('The server did not start a session');
      const expiresAt = expiryOf(result.token, result.expiresAt);
      if (res) setSessionCookie(res, result.token, expiresAt, config.cookieSecure);
      return { token: result.token, expiresAt: expiresAt.toISOString(), user: result.user };
    },
    signup: async (_parent, { input }, { dataSources }) => {
      const { referralCode, ...user } = input;
      return dataSources.auth.signup({ user, referralCode: referralCode || undefined });
    },
    updateProfile: async (_parent, { input }, { dataSources }) => dataSources.auth.updateProfile(input),
  },
};
