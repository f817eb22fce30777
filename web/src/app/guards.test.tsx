/** The visitors-only guard of /login and /signup (docs/product/common.md#routes-and-guards). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RequireAuth, type LoginRedirectState } from './guards';

const session = { isLoggedIn: false, hasAnyRole: () => false };
vi.mock('../lib/session', () => ({ useSession: () => session }));

afterEach(cleanup);

/** Visits `path` and returns what the page shows: the one route drawn. */
function visit(path: string, state?: LoginRedirectState) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path="/" element={<p>dashboard</p>} />
        <Route path="/holdings" element={<p>holdings</p>} />
        {['/login', '/signup'].map((route) => (
          <Route
            key={route}
            path={route}
            element={
              <RequireAuth access="guest">
                <p>form {route}</p>
              </RequireAuth>
            }
          />
        ))}
      </Routes>
    </MemoryRouter>,
  ).container.textContent;
}

describe('visitors-only pages', () => {
  it('show their form to a visitor', () => {
    session.isLoggedIn = false;
    expect(visit('/signup')).toBe('form /signup');
  });

  it('send a logged-in user to the dashboard, or to the page a login was asked for', () => {
    session.isLoggedIn = true;
    expect(visit('/signup')).toBe('dashboard');
    cleanup();
    expect(visit('/login', { from: '/holdings', reason: 'login-required' })).toBe('holdings');
  });

  it('keep the login page when it explains that the role does not allow a page', () => {
    session.isLoggedIn = true;
    expect(visit('/login', { from: '/roles', reason: 'role-required' })).toBe('form /login');
  });
});
