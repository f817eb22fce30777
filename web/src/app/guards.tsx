/**
 * Route guards (docs/product/common.md#routes-and-guards): not logged in → /login; a route that declares roles and a
 * user whose role differs → /login too (with a note that says why). Pages for visitors only ('guest': log in, sign
 * up) send a logged-in user to the dashboard, unless the login page is asked to explain a role refusal. The server
 * checks every call anyway: the guards only spare people pages they cannot use.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';

export type RouteAccess = 'login' | 'guest' | readonly string[];

export interface LoginRedirectState {
  from?: string;
  reason?: 'login-required' | 'role-required';
  /** Set by the sign-up page once a sign-up was accepted: the server's answer to show. */
  signedUp?: string;
}

export function RequireAuth({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const from = location.pathname + location.search;
  if (access === 'guest') {
    const state = location.state as LoginRedirectState | null;
    // where the login page itself goes after a login: the page asked for, or the dashboard
    const next = state?.reason === 'login-required' && state.from ? state.from : '/';
    return session.isLoggedIn && state?.reason !== 'role-required' ? <Navigate to={next} replace /> : <>{children}</>;
  }
  if (!session.isLoggedIn) {
    return <Navigate to="/login" replace state={{ from, reason: 'login-required' } satisfies LoginRedirectState} />;
  }
  if (access !== 'login' && !session.hasAnyRole(...access)) {
    return <Navigate to="/login" replace state={{ from, reason: 'role-required' } satisfies LoginRedirectState} />;
  }
  return <>{children}</>;
}
