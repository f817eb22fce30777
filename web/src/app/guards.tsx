/**
 * Route guards (docs/product/common.md#routes-and-guards): not logged in → /login; a route that declares roles and a
 * user whose role differs → /login too (with a note that says why). The server checks every call
 * anyway: the guards only spare people pages they cannot use.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';

export type RouteAccess = 'login' | readonly string[];

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
  if (!session.isLoggedIn) {
    return <Navigate to="/login" replace state={{ from, reason: 'login-required' } satisfies LoginRedirectState} />;
  }
  if (access !== 'login' && !session.hasAnyRole(...access)) {
    return <Navigate to="/login" replace state={{ from, reason: 'role-required' } satisfies LoginRedirectState} />;
  }
  return <>{children}</>;
}
