/**
 * Notifications as a list (docs/product/alerts.md#notifications): each alert's symbol linking to its Company
 * Analysis page, the message with its dates as the app writes them (dd-Mmm-yyyy), and a mark for the unread ones
 * (a dot and a tint, and "Unread:" read out before the message);
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
  const message = formatDatesInText(notification.message);
  // the messages start with their symbol ("TCS closed at …"): that word is the link, not a second copy before it
  const rest = message.startsWith(`${notification.symbol} `)
    ? message.slice(notification.symbol.length)
    : ` ${message}`;
  return (
    <li
      className={notification.read ? classes.item : `${classes.item} ${classes.unread}`}
      data-testid="notification"
      data-read={notification.read ? 'true' : 'false'}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <span className={notification.read ? classes.readDot : classes.unreadDot} aria-hidden />
        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {!notification.read && <span className={classes.visuallyHidden}>Unread: </span>}
          <Anchor
            component={Link}
            to={`/company-analysis/${encodeURIComponent(notification.symbol)}`}
            onClick={onNavigate}
            fw={600}
          >
            {notification.symbol}
          </Anchor>
          {rest}
        </Text>
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
  const list = (items: readonly NotificationFieldsFragment[]) => (
    <ul className={classes.list}>
      {items.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          action={action?.(notification)}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
  if (!groupByDay) return list(notifications);
  return (
    <Stack gap="md">
      {notificationsByDay(notifications).map((day) => (
        <section key={day.date} aria-labelledby={`notifications-${day.date}`} data-testid="notification-day">
          <Title order={2} size="h4" id={`notifications-${day.date}`}>
            {formatMarketDate(day.date)}
          </Title>
          {list(day.notifications)}
        </section>
      ))}
    </Stack>
  );
}
