/**
 * The route table of docs/product/common.md#routes-and-guards. Each area owns its lines: a page is lazy-loaded from
 * features/<area>/pages/<name>-page.tsx; screens not built yet show a "coming soon" page.
 * access: undefined = public; 'guest' = visitors only; 'login' = any logged-in user; a role list = those roles only.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import { ROLE_ADMIN, ROLE_STAFF } from '@bazaar/shared';
import { CompanyAnalysisPlaceholder } from '../features/company/components/company-analysis-placeholder';
import type { RouteAccess } from './guards';

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType> | ComponentType;
  access?: RouteAccess;
  /** What the page shows of itself while its code loads (beside the page loader), given the route's parameters. */
  placeholder?: ComponentType<{ params: Readonly<Record<string, string | undefined>> }>;
}

const STAFF_OR_ADMIN = [ROLE_STAFF, ROLE_ADMIN] as const;
const ADMIN_ONLY = [ROLE_ADMIN] as const;

export const routes: AppRoute[] = [
  // --- home, session and profile (auth) ---
  { path: '/', page: lazy(() => import('../features/home/pages/dashboard-page')), access: 'login' },
  { path: '/home', page: lazy(() => import('../features/home/pages/home-page')) },
  // visitors only: a logged-in user goes to the dashboard (docs/product/common.md#routes-and-guards)
  { path: '/login', page: lazy(() => import('../features/auth/pages/login-page')), access: 'guest' },
  { path: '/signup', page: lazy(() => import('../features/auth/pages/signup-page')), access: 'guest' },
  { path: '/forgot-password', page: lazy(() => import('../features/auth/pages/forgot-password-page')) },
  { path: '/change-password', page: lazy(() => import('../features/auth/pages/reset-password-page')) },
  { path: '/profile', page: lazy(() => import('../features/auth/pages/profile-page')), access: 'login' },

  // --- API keys for the user's own programs (developer) ---
  { path: '/developer', page: lazy(() => import('../features/developer/pages/developer-page')), access: 'login' },

  // --- alerts: the notifications, the alert settings, and the e-mail's unsubscribe link (no login) ---
  {
    path: '/notifications',
    page: lazy(() => import('../features/alerts/pages/notifications-page')),
    access: 'login',
  },
  {
    path: '/alert-settings',
    page: lazy(() => import('../features/alerts/pages/alert-settings-page')),
    access: 'login',
  },
  { path: '/unsubscribe', page: lazy(() => import('../features/alerts/pages/unsubscribe-page')) },

  // --- administration (admin) ---
  // Users is in the staff sidebar (docs/product/common.md#routes-and-guards); the page tells staff that only
  // administrators manage users
  { path: '/users', page: lazy(() => import('../features/admin/pages/users-page')), access: 'login' },
  { path: '/roles', page: lazy(() => import('../features/admin/pages/roles-page')), access: ADMIN_ONLY },

  // --- market data uploads (uploads) ---
  { path: '/upload', page: lazy(() => import('../features/uploads/pages/upload-page')), access: STAFF_OR_ADMIN },
  { path: '/dates', page: lazy(() => import('../features/uploads/pages/dates-page')), access: STAFF_OR_ADMIN },

  // --- market and analysis ---
  { path: '/stock-price', page: lazy(() => import('../features/market/pages/stock-prices-page')) },
  { path: '/technical-analysis', page: lazy(() => import('../features/market/pages/technical-analysis-page')) },
  {
    path: '/company-analysis/:symbol',
    page: lazy(() => import('../features/company/pages/company-analysis-page')),
    // the heading the served page drew stays while the page's code loads
    placeholder: ({ params }) => <CompanyAnalysisPlaceholder symbol={params.symbol} />,
  },
  { path: '/corporate-actions', page: lazy(() => import('../features/company/pages/corporate-actions-page')) },
  // the old route table has no guard, but its sidebar shows Companies to non-ROLE_USER only and the writes are
  // staff-only
  { path: '/companies', page: lazy(() => import('../features/company/pages/companies-page')), access: STAFF_OR_ADMIN },
  { path: '/guide', page: lazy(() => import('../features/market/pages/guide-page')) },
  // the old app had this menu link and no route: a company picker over the statements
  { path: '/fundamental-analysis', page: lazy(() => import('../features/company/pages/fundamental-analysis-page')) },
  {
    path: '/stock-watch-list',
    page: lazy(() => import('../features/portfolio/watchlist/watchlist-page')),
    access: 'login',
  },

  // --- portfolio ---
  { path: '/accounts', page: lazy(() => import('../features/portfolio/pages/accounts-page')), access: 'login' },
  {
    path: '/investment/:brokerTitle',
    page: lazy(() => import('../features/portfolio/pages/investment-page')),
    access: 'login',
  },
  // all the investor's holdings; one firm's segment at its own address (the old app passed them as navigation state)
  { path: '/holdings', page: lazy(() => import('../features/portfolio/pages/holdings-page')), access: 'login' },
  {
    path: '/holdings/:firm/:segment',
    page: lazy(() => import('../features/portfolio/pages/holdings-page')),
    access: 'login',
  },
  // --- tax (docs/product/tax.md) ---
  { path: '/tax-pnl', page: lazy(() => import('../features/tax/pages/tax-pnl-page')), access: 'login' },
  { path: '/app-broker', page: lazy(() => import('../features/portfolio/pages/brokers-page')), access: STAFF_OR_ADMIN },
  { path: '/segment', page: lazy(() => import('../features/portfolio/pages/segments-page')), access: STAFF_OR_ADMIN },
  {
    path: '/charge-type',
    page: lazy(() => import('../features/portfolio/pages/charge-types-page')),
    access: STAFF_OR_ADMIN,
  },
  { path: '/charges', page: lazy(() => import('../features/portfolio/pages/charges-page')), access: STAFF_OR_ADMIN },
  {
    path: '/financial',
    page: lazy(() => import('../features/portfolio/pages/financial-instruments-page')),
    access: ADMIN_ONLY,
  },

  // --- accounts and engagement ---
  { path: '/contact', page: lazy(() => import('../features/engagement/pages/contact-page')) },
  { path: '/terms', page: lazy(() => import('../features/home/pages/terms-page')) },
  { path: '/privacy', page: lazy(() => import('../features/home/pages/privacy-page')) },
  { path: '/about', page: lazy(() => import('../features/home/pages/about-page')) },
  { path: '/subscribe', page: lazy(() => import('../features/engagement/pages/subscribe-page')) },
  // the old route table has no guard here, but plans are administered by administrators only
  // (docs/decisions.md#subscriptions-admin-for-administrators-only: hidden for ROLE_USER)
  {
    path: '/admin-subscribe',
    page: lazy(() => import('../features/engagement/pages/admin-subscribe-page')),
    access: ADMIN_ONLY,
  },
  // public as in docs/product/common.md#routes-and-guards: a visitor sees the server's "Please log in" in the error
  // area
  { path: '/referral', page: lazy(() => import('../features/engagement/pages/referral-page')) },
  {
    path: '/contact-messages',
    page: lazy(() => import('../features/engagement/pages/contact-messages-page')),
    access: STAFF_OR_ADMIN,
  },
  { path: '/mail-outbox', page: lazy(() => import('../features/admin/pages/mail-outbox-page')), access: ADMIN_ONLY },
];

/** What the page at this address shows of itself while its code loads, if its route says (AppRoute.placeholder). */
export function pagePlaceholder(pathname: string): ReactNode {
  for (const { path, placeholder: Placeholder } of routes) {
    const match = Placeholder && matchPath(path, pathname);
    if (match) return <Placeholder params={match.params} />;
  }
  return null;
}
