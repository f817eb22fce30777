/**
 * Notifications (/notifications, logged in; docs/product/alerts.md#screens): the alerts that fired for the
 * investor, newest first and headed by trading day, each symbol linking to its Company Analysis page and each
 * unread one marked, with "Mark read" beside it and "Mark all read" above; "All" / "Unread" narrows the list. Empty,
 * it says what fires alerts and links to the settings.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatMarketDate } from '@bazaar/shared';
import { useNotificationsPageQuery } from '../../../__generated__/graphql';
import { NotificationList } from '../../../components/alerts/notification-list';
import { useMarkNotificationsRead } from '../../../components/alerts/use-mark-read';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { QueryGate } from '../../../components/query-gate';
import { errorMessage } from '../../../lib/errors';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data, loading, error, refetch } = useNotificationsPageQuery({
    variables: { unreadOnly },
    fetchPolicy: 'cache-and-network',
  });
  const [markRead, marking] = useMarkNotificationsRead();
  const [problem, setProblem] = useState<string | null>(null);
  const unread = data?.unreadNotificationCount ?? 0;

  const mark = async (ids?: string[]) => {
    setProblem(null);
    try {
      await markRead(ids);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title="Notifications" noteTestId="notifications-note">
        Alerts from your rules after each day&apos;s prices, newest first.{' '}
        {data ? (unread === 1 ? '1 unread.' : `${unread > 0 ? unread : 'None'} unread.`) : ''}
      </PageHeader>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {/* two pressed-state buttons, as Holdings' Positions/Lots: Mantine's Switch split its Input styles out of
              every form page's chunks (docs/decisions.md#bundle-size) */}
          <Button.Group aria-label="Show">
            {([false, true] as const).map((only) => (
              <Button
                key={String(only)}
                size="xs"
                variant={unreadOnly === only ? 'filled' : 'default'}
                aria-pressed={unreadOnly === only}
                onClick={() => setUnreadOnly(only)}
              >
                {only ? 'Unread' : 'All'}
              </Button>
            ))}
          </Button.Group>
          <Button size="xs" variant="light" disabled={unread === 0} loading={marking} onClick={() => void mark()}>
            Mark all read
          </Button>
        </Group>
        <Anchor component={Link} to="/alert-settings" size="sm">
          Alert settings
        </Anchor>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <QueryGate
        query={{ data, loading, error, refetch }}
        loadingLabel="Loading your notifications"
        errorTitle="Your notifications could not be loaded"
        errorTestId="notifications-error"
      >
        {() =>
          data!.notifications.length === 0 ? (
            unreadOnly ? (
              <Text data-testid="notifications-empty">No unread alerts.</Text>
            ) : (
              <Text data-testid="notifications-empty" maw={640}>
                No alerts yet. After each day&apos;s prices are loaded, an alert fires when a symbol you hold or watch
                makes a new 52-week high or low or has a corporate action coming, and for the rules you set on a symbol
                (a price crossed, a big day&apos;s move, near its 12-month high or low, a stop-loss or a target). Set
                them in your{' '}
                <Anchor component={Link} to="/alert-settings">
                  alert settings
                </Anchor>
                , or with the bell of a row on your watch list or Holdings.
              </Text>
            )
          ) : (
            <NotificationList
              notifications={data!.notifications}
              groupByDay
              action={(notification) =>
                notification.read ? null : (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void mark([notification.id])}
                    aria-label={`Mark read: ${notification.symbol}, ${formatMarketDate(notification.date)}`}
                  >
                    Mark read
                  </Button>
                )
              }
            />
          )
        }
      </QueryGate>
    </Stack>
  );
}
