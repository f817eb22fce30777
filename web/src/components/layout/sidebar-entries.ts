/**
 * The sidebar's entries by role, exactly as docs/product/common.md#navigation lists them:
 * - Dashboard, Accounts, Tax P&L, Profile: any logged-in user;
 * - Brokers, Upload, Charges, Segments, Charge Types, Dates: logged-in roles other than ROLE_USER;
 * - Users, Roles and Financial Instrument: roles other than ROLE_USER and ROLE_STAFF (administrators; the old app
 *   listed Users for staff too, whom the API refuses: "Only administrators manage users");
 * - Stock Watch List: logged in;
 * - Developer (API keys, docs/product/developer.md#developer), then Notifications (the alerts,
 *   docs/product/alerts.md#screens): any logged-in user, after the old app's list;
 * - Corporate Actions, Stock Price, Technical Analysis, Fundamental Analysis: always;
 * - Companies: roles other than ROLE_USER.
 * "Other than ROLE_USER" means a logged-in staff or admin: visitors see only the public entries.
 * Screens the old app had no menu entry for (subscription plans, contact messages, the mail outbox)
 * follow after the old app's list, so its order is kept.
 */
import { ROLE_STAFF, ROLE_USER } from '@bazaar/shared';

export interface SidebarEntry {
  label: string;
  to: string;
}

export function sidebarEntries(role: string | null): SidebarEntry[] {
  const loggedIn = role !== null;
  const management = loggedIn && role !== ROLE_USER;
  const administrator = management && role !== ROLE_STAFF;
  const entries: Array<SidebarEntry | false> = [
    loggedIn && { label: 'Dashboard', to: '/' },
    loggedIn && { label: 'Accounts', to: '/accounts' },
    loggedIn && { label: 'Tax P&L', to: '/tax-pnl' },
    loggedIn && { label: 'Profile', to: '/profile' },
    administrator && { label: 'Users', to: '/users' },
    management && { label: 'Brokers', to: '/app-broker' },
    management && { label: 'Upload', to: '/upload' },
    management && { label: 'Charges', to: '/charges' },
    management && { label: 'Segments', to: '/segment' },
    management && { label: 'Charge Types', to: '/charge-type' },
    management && { label: 'Dates', to: '/dates' },
    administrator && { label: 'Roles', to: '/roles' },
    administrator && { label: 'Financial Instrument', to: '/financial' },
    loggedIn && { label: 'Stock Watch List', to: '/stock-watch-list' },
    { label: 'Corporate Actions', to: '/corporate-actions' },
    { label: 'Stock Price', to: '/stock-price' },
    { label: 'Technical Analysis', to: '/technical-analysis' },
    { label: 'Fundamental Analysis', to: '/fundamental-analysis' },
    management && { label: 'Companies', to: '/companies' },
    administrator && { label: 'Subscriptions', to: '/admin-subscribe' },
    management && { label: 'Contact Messages', to: '/contact-messages' },
    administrator && { label: 'Mail Outbox', to: '/mail-outbox' },
    loggedIn && { label: 'Developer', to: '/developer' },
    loggedIn && { label: 'Notifications', to: '/notifications' },
  ];
  return entries.filter((entry): entry is SidebarEntry => entry !== false);
}

/**
 * The navbar's links when logged out (docs/product/common.md#navigation: Home, About, Contact Us, Subscribe, Guide,
 * Login, Sign Up).
 */
export const NAVBAR_LINKS: SidebarEntry[] = [
  { label: 'Home', to: '/home' },
  { label: 'About', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Subscribe', to: '/subscribe' },
  { label: 'Guide', to: '/guide' },
];
