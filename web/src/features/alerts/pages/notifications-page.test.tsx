/**
 * The Notifications page in jsdom with mocked GraphQL (docs/product/alerts.md#screens): the alerts by trading day
 * (newest first, as the server sends them, each day headed dd-Mmm-yyyy), each symbol linking to its company, the
 * unread ones marked and marked read one by one (the count in the note follows the server's answer); the empty
 * state says what fires alerts and links to the settings; a failure shows the error with Retry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import {
  MarkNotificationsReadDocument,
  NotificationsPageDocument,
  type NotificationFieldsFragment,
} from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import NotificationsPage from './notifications-page';

afterEach(cleanup);

function notification(id: string, fields: Omit<NotificationFieldsFragment, 'id' | 'kind'>) {
  return { __typename: 'Notification' as const, id, kind: 'TREND_ENTRY' as const, ...fields };
}

const ALERTS = [
  notification('3', {
    date: '2025-01-13',
    symbol: 'ALPHA',
    message: 'ALPHA closed at ₹110.00 on 2025-01-13, crossing above ₹105.00 (previous close ₹104.00).',
    read: false,
  }),
  notification('2', {
    date: '2025-01-13',
    symbol: 'BETA',
    message: 'BETA made a new 52-week low on 2025-01-13, closing at ₹45.00.',
    read: true,
  }),
  notification('1', {
    date: '2025-01-10',
    symbol: 'GAMMA',
    message: 'GAMMA goes ex-dividend on 2025-01-16: ₹5.00 a share.',
    read: false,
  }),
];

const page = (notifications: typeof ALERTS, unread: number): MockLink.MockedResponse => ({
  request: { query: NotificationsPageDocument, variables: { unreadOnly: false } },
  result: { data: { notifications, unreadNotificationCount: unread } },
});

describe('Notifications page', () => {
  it('lists the alerts by trading day, newest first, each symbol linking to its company', async () => {
    renderPage(<NotificationsPage />, { path: '/notifications', mocks: [page(ALERTS, 2)] });
    const days = await screen.findAllByTestId('notification-day');
    expect(days.map((day) => within(day).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '13-Jan-2025',
      '10-Jan-2025',
    ]);
    expect(
      within(days[0]!)
        .getAllByTestId('notification')
        .map((item) => item.textContent),
    ).toEqual([
      'Unread: ALPHA closed at ₹110.00 on 13-Jan-2025, crossing above ₹105.00 (previous close ₹104.00).Mark read',
      'BETA made a new 52-week low on 13-Jan-2025, closing at ₹45.00.',
    ]);
    expect(within(days[1]!).getByTestId('notification').textContent).toBe(
      'Unread: GAMMA goes ex-dividend on 16-Jan-2025: ₹5.00 a share.Mark read',
    );
    expect(within(days[1]!).getByRole('link', { name: 'GAMMA' }).getAttribute('href')).toBe('/company-analysis/GAMMA');
    expect(screen.getByTestId('notifications-note').textContent).toContain('2 unread.');
  });

  it('marks one alert read and shows the count the server answers', async () => {
    const mark: MockLink.MockedResponse = {
      request: { query: MarkNotificationsReadDocument, variables: { ids: ['1'] } },
      result: { data: { markNotificationsRead: { marked: 1, unread: 1 } } },
    };
    renderPage(<NotificationsPage />, { path: '/notifications', mocks: [page(ALERTS, 2), mark] });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark read: GAMMA, 10-Jan-2025' }));
    await waitFor(() => expect(screen.getByTestId('notifications-note').textContent).toContain('1 unread.'));
    const gamma = screen.getAllByTestId('notification')[2]!;
    expect(gamma.getAttribute('data-read')).toBe('true');
    expect(within(gamma).queryByRole('button', { name: /Mark read/ })).toBeNull();
  });

  it('says what fires alerts when there are none, with the way to the settings', async () => {
    renderPage(<NotificationsPage />, { path: '/notifications', mocks: [page([], 0)] });
    const empty = await screen.findByTestId('notifications-empty');
    expect(empty.textContent).toContain('No alerts yet.');
    expect(empty.textContent).toContain('new 52-week high or low');
    expect(within(empty).getByRole('link', { name: 'alert settings' }).getAttribute('href')).toBe('/alert-settings');
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the failure with Retry', async () => {
    const failed: MockLink.MockedResponse = {
      request: { query: NotificationsPageDocument, variables: { unreadOnly: false } },
      result: { errors: [new GraphQLError('The server is busy. Please wait a moment and try again.')] },
    };
    renderPage(<NotificationsPage />, { path: '/notifications', mocks: [failed] });
    const alert = await screen.findByTestId('notifications-error');
    expect(alert.textContent).toContain('Your notifications could not be loaded');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeNull();
  });
});
