/**
 * The header's notification bell in jsdom with mocked GraphQL (docs/product/alerts.md#screens): its accessible name
 * carries the unread count ("Notifications, 3 unread") and the badge shows it; the window getting the focus back asks
 * again; opening it lists the latest alerts (symbol linking to its company, dates as dd-Mmm-yyyy) and "Mark all read"
 * empties the count from the server's answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import {
  LatestNotificationsDocument,
  MarkNotificationsReadDocument,
  UnreadNotificationCountDocument,
  type NotificationFieldsFragment,
} from '../../__generated__/graphql';
import { renderPage } from '../../test/render-page';
import NotificationBell, { badgeText, bellLabel } from './notification-bell.deferred';

afterEach(cleanup);

const count = (unread: number): MockLink.MockedResponse => ({
  request: { query: UnreadNotificationCountDocument },
  result: { data: { unreadNotificationCount: unread } },
});

function notification(id: string, overrides: Partial<NotificationFieldsFragment> = {}) {
  return {
    __typename: 'Notification' as const,
    id,
    date: '2025-01-13',
    symbol: 'ALPHA',
    kind: 'CLOSE_ABOVE' as const,
    message: 'ALPHA closed at ₹110.00 on 2025-01-13, crossing above ₹105.00 (previous close ₹104.00).',
    read: false,
    ...overrides,
  };
}

describe('bell label and badge', () => {
  it('names the unread count, and shows 99+ past 99', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('NotificationBell', () => {
  it('shows the unread count and asks again when the window gets the focus back', async () => {
    // the server's count, whenever asked (the mount and the page's address ask too)
    let unread = 3;
    const server: MockLink.MockedResponse = {
      request: { query: UnreadNotificationCountDocument },
      result: () => ({ data: { unreadNotificationCount: unread } }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    };
    renderPage(<NotificationBell />, { path: '/', mocks: [server] });
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(screen.getByTestId('notification-count').textContent).toBe('3');
    // an upload fired an alert meanwhile; the investor comes back to the window
    unread = 4;
    fireEvent.focus(window);
    await screen.findByRole('button', { name: 'Notifications, 4 unread' });
    expect(screen.getByTestId('notification-count').textContent).toBe('4');
  });

  it('opens the latest alerts and marks them all read', async () => {
    const latest: MockLink.MockedResponse = {
      request: { query: LatestNotificationsDocument, variables: { limit: 5 } },
      result: {
        data: {
          notifications: [
            notification('2'),
            notification('1', {
              symbol: 'BETA',
              date: '2025-01-10',
              message: 'BETA made a new 52-week low on 2025-01-10, closing at ₹45.00.',
              read: true,
            }),
          ],
          unreadNotificationCount: 1,
        },
      },
    };
    const afterMarking: MockLink.MockedResponse = {
      request: { query: LatestNotificationsDocument, variables: { limit: 5 } },
      result: { data: { notifications: [notification('2', { read: true })], unreadNotificationCount: 0 } },
    };
    const mark: MockLink.MockedResponse = {
      request: { query: MarkNotificationsReadDocument, variables: { ids: null } },
      result: { data: { markNotificationsRead: { marked: 1, unread: 0 } } },
    };
    renderPage(<NotificationBell />, { path: '/', mocks: [count(1), count(1), latest, mark, afterMarking] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByTestId('notification');
    expect(items.map((item) => item.textContent)).toEqual([
      'Unread: ALPHA closed at ₹110.00 on 13-Jan-2025, crossing above ₹105.00 (previous close ₹104.00).',
      'BETA made a new 52-week low on 10-Jan-2025, closing at ₹45.00.',
    ]);
    expect(within(panel).getByRole('link', { name: 'ALPHA' }).getAttribute('href')).toBe('/company-analysis/ALPHA');
    expect(within(panel).getByRole('link', { name: 'All notifications' }).getAttribute('href')).toBe('/notifications');
    expect(within(panel).getByRole('link', { name: 'Alert settings' }).getAttribute('href')).toBe('/alert-settings');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull());
    // the list asked again: the server's answer after marking (one alert, read)
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('notification')
          .map((item) => item.textContent),
      ).toEqual(['ALPHA closed at ₹110.00 on 13-Jan-2025, crossing above ₹105.00 (previous close ₹104.00).']),
    );
  });
});
