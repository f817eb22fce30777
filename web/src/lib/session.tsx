/**
 * The session as the app sees it (docs/product/auth.md#rules): logged in after login, logged out on logout,
 * on an expired session found at start, or by the periodic check (every 60 s). The server stays the
 * judge: `me` is asked at start and after login, and any UNAUTHENTICATED answer ends the session.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { TOKEN_CHECK_INTERVAL_MS } from '@bazaar/shared';
import { MeDocument, LogoutDocument, type UserFieldsFragment } from '../__generated__/graphql';
import { clearSession, primaryRole, readSession, writeSession, type StoredSession, type StoredUser } from './storage';
import { onSessionExpired } from './session-events';

export interface Session {
  user: StoredUser | null;
  role: string | null;
  isLoggedIn: boolean;
  hasAnyRole: (...roles: string[]) => boolean;
  /** Stores the session after a successful login. */
  startSession: (user: UserFieldsFragment, expiresAt: string) => void;
  /** Replaces the stored user (e.g. after a profile update). */
  updateUser: (user: UserFieldsFragment) => void;
  /** Ends the session here and on the server, then the caller navigates to /login. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

function toStoredUser(user: UserFieldsFragment): StoredUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobileNo: user.mobileNo,
    profilePictureUrl: user.profilePictureUrl,
    referralCode: user.referralCode,
    roles: user.roles.map((role) => ({ id: role.id, name: role.name })),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

function validStoredSession(): StoredSession | null {
  const stored = readSession();
  if (stored && stored.expiresAt <= Date.now()) {
    clearSession();
    return null;
  }
  return stored;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [session, setSession] = useState<StoredSession | null>(validStoredSession);

  const end = useCallback(() => {
    clearSession();
    setSession(null);
    void client.clearStore();
  }, [client]);

  // start-up check with the server, then the periodic expiry check
  useEffect(() => {
    let cancelled = false;
    if (readSession()) {
      client
        .query({ query: MeDocument, fetchPolicy: 'network-only' })
        .then(({ data }) => {
          if (cancelled) return;
          const current = readSession();
          if (!data?.me || !current) {
            end();
          } else {
            const next = { ...current, user: toStoredUser(data.me), role: primaryRole(data.me.roles) };
            writeSession(next);
            setSession(next);
          }
        })
        .catch(() => undefined); // the server is unreachable: keep the session, the banner says why
    }
    const timer = window.setInterval(() => {
      const stored = readSession();
      if (stored && stored.expiresAt <= Date.now()) end();
      else if (!stored && session) setSession(null);
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => onSessionExpired(end), [end]);

  const value = useMemo<Session>(() => {
    const role = session?.role ?? null;
    return {
      user: session?.user ?? null,
      role,
      isLoggedIn: session !== null,
      hasAnyRole: (...roles) => role !== null && roles.includes(role),
      startSession: (user, expiresAt) => {
        const next: StoredSession = {
          user: toStoredUser(user),
          role: primaryRole(user.roles),
          expiresAt: Date.parse(expiresAt),
        };
        writeSession(next);
        setSession(next);
      },
      updateUser: (user) => {
        const current = readSession();
        if (!current) return;
        const next = { ...current, user: toStoredUser(user), role: primaryRole(user.roles) };
        writeSession(next);
        setSession(next);
      },
      logout: async () => {
        try {
          await client.mutate({ mutation: LogoutDocument });
        } catch {
          // the cookie dies with its expiry anyway; the local session ends now
        }
        end();
      },
    };
  }, [session, client, end]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session, or null outside a SessionProvider (optional widgets such as the Watch toggle). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
