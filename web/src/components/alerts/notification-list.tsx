/**
 * Notifications as a list (docs/product/alerts.md#notifications): each alert's symbol linking to its Company
 * Analysis page, the message with its dates as the app writes them (dd-Mmm-yyyy), and a mark for the unread ones;
 * `groupByDay` heads them by trading day (newest first, as the server sends them). Used by the bell's panel and the
 * Notifications page.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatDatesInText, formatMarketDate } from '@bazaar/shared';
import type { NotificationFieldsFragment } from '../../__generated__/graphql';
import classes from './alerts.module.css';

/** The notifications by trading day, in the order given (the server's: newest day first). */
export function notificationsByDay(
  notifications: readonly NotificationFieldsFragment[],
): Array<{ date: string; notifications: NotificationFieldsFragment[] }> {
  const days: Array<{ date: string; notifications: NotificationFieldsFragment[] }> = [];
  for (const notification of notifications) {
    const last = days[days.length - 1];
    if (last && last.date === notification.date) last.notifications.push(notification);
    else days.push({ date: notification.date, notifications: [notification] });
  }
  return days;
}

function NotificationItem({
  notification,
  action,
  onNavigate,
}: {
  notification: NotificationFieldsFragment;
  action?: ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <li className={classes.panelItem} data-testid="notification" data-read={notification.read ? 'true' : 'false'}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <span
          className={notification.read ? classes.readDot : classes.unreadDot}
          role="img"
          aria-label={notification.read ? undefined : 'Unread'}
          aria-hidden={notification.read ? true : undefined}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={notification.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
            <Anchor
              component={Link}
              to={`/company-analysis/${encodeURIComponent(notification.symbol)}`}
              onClick={onNavigate}
              fw={700}
            >
              {notification.symbol}
            </Anchor>{' '}
            {formatDatesInText(notification.message)}
          </Text>
        </div>
        {action}
      </Group>
    </li>
  );
}

export interface NotificationListProps {
  notifications: readonly NotificationFieldsFragment[];
  /** Head the alerts by trading day (an h2 each), as the Notifications page does. */
  groupByDay?: boolean;
  /** What each item offers beside it (the page's "Mark read"). */
  action?: (notification: NotificationFieldsFragment) => ReactNode;
  /** A link was followed (the panel closes). */
  onNavigate?: () => void;
}

export function NotificationList({ notifications, groupByDay = false, action, onNavigate }: NotificationListProps) {
  if (!groupByDay)
    return (
      <ul className={classes.panelList}>
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            action={action?.(notification)}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    );
  return (
    <Stack gap="md">
      {notificationsByDay(notifications).map((day) => (
        <section key={day.date} aria-labelledby={`notifications-${day.date}`} data-testid="notification-day">
          <Title order={2} size="h4" id={`notifications-${day.date}`}>
            {formatMarketDate(day.date)}
          </Title>
          <ul className={classes.panelList}>
            {day.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                action={action?.(notification)}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}
