import { describe, expect, it } from 'vitest';
import { sidebarEntries } from './sidebar-entries';

const labels = (role: string | null) => sidebarEntries(role).map((entry) => entry.label);
const PUBLIC = ['Corporate Actions', 'Stock Price', 'Technical Analysis', 'Fundamental Analysis'];
const ACCOUNT = ['Dashboard', 'Accounts', 'Tax P&L', 'Profile'];
/** What staff and administrators both manage, in the sidebar's order. */
const MANAGEMENT = ['Brokers', 'Upload', 'Charges', 'Segments', 'Charge Types', 'Dates'];

describe('sidebarEntries', () => {
  it('shows visitors only the public market entries', () => {
    expect(labels(null)).toEqual(PUBLIC);
  });
  it('shows investors their account entries, the watch list and their notifications', () => {
    expect(labels('ROLE_USER')).toEqual([...ACCOUNT, 'Stock Watch List', ...PUBLIC, 'Developer', 'Notifications']);
  });
  it('adds the management entries and Companies for staff, without Users, Roles and Financial Instrument', () => {
    expect(labels('ROLE_STAFF')).toEqual([
      ...ACCOUNT,
      ...MANAGEMENT,
      'Stock Watch List',
      ...PUBLIC,
      'Companies',
      'Contact Messages',
      'Developer',
      'Notifications',
    ]);
  });
  it('adds Users, Roles and Financial Instrument for administrators', () => {
    expect(labels('ROLE_ADMIN')).toEqual([
      ...ACCOUNT,
      'Users',
      ...MANAGEMENT,
      'Roles',
      'Financial Instrument',
      'Stock Watch List',
      ...PUBLIC,
      'Companies',
      'Subscriptions',
      'Contact Messages',
      'Mail Outbox',
      'Developer',
      'Notifications',
    ]);
  });
  it('links the spec routes', () => {
    const routes = Object.fromEntries(sidebarEntries('ROLE_ADMIN').map((e) => [e.label, e.to]));
    expect(routes).toMatchObject({
      Brokers: '/app-broker',
      Segments: '/segment',
      'Charge Types': '/charge-type',
      'Financial Instrument': '/financial',
      Dashboard: '/',
    });
  });
});
