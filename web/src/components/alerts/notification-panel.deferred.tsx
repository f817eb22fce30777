/**
 * The bell's panel (docs/product/alerts.md#screens), loaded on the first opening: the latest alerts, "Mark all
 * read" while some are unread, and links to all notifications and to the alert settings. Marking read updates the
 * alerts in Apollo's cache and the bell's count from the server's answer, so the bell, the panel and an open
 * Notifications page agree without asking again.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useLatestNotificationsQuery } from '../../__generated__/graphql';
import { RetryAlert } from '../retry-alert';
import { NotificationList } from './notification-list';
import { useMarkNotificationsRead } from './use-mark-read';

/** How many alerts the panel shows; the rest are on the Notifications page. */
export const PANEL_NOTIFICATIONS = 5;

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const latest = useLatestNotificationsQuery({
    variables: { limit: PANEL_NOTIFICATIONS },
    fetchPolicy: 'cache-and-network',
  });
  const [markRead, marking] = useMarkNotificationsRead();
  const root = useRef<HTMLDivElement>(null);
  // the panel's code may arrive after the Disclosure opened it: its first link then takes the focus
  useEffect(() => {
    if (!root.current?.contains(document.activeElement)) root.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, []);
  const notifications = latest.data?.notifications;
  const unread = latest.data?.unreadNotificationCount ?? 0;

  return (
    <Stack gap="xs" ref={root}>
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={onClose}>
          All notifications
        </Anchor>
        <Anchor component={Link} to="/alert-settings" size="sm" onClick={onClose}>
          Alert settings
        </Anchor>
      </Group>
      {latest.error && !latest.data ? (
        <RetryAlert
          title="Your notifications could not be loaded"
          error={latest.error}
          onRetry={() => void latest.refetch()}
        />
      ) : !notifications ? (
        <Loader size="sm" aria-label="Loading notifications" />
      ) : notifications.length === 0 ? (
        <Text size="sm" c="dimmed">
          No alerts yet. They appear after a day&apos;s prices are loaded, for the rules in your alert settings.
        </Text>
      ) : (
        <NotificationList notifications={notifications} onNavigate={onClose} />
      )}
      {unread > 0 && (
        <Button size="xs" variant="light" loading={marking} onClick={() => void markRead()}>
          Mark all read
        </Button>
      )}
    </Stack>
  );
}
