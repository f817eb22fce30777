/**
 * Marks notifications read (docs/product/alerts.md#screens): the given ones, or all of them without ids. The
 * server answers the unread count left: it becomes the bell's count in Apollo's cache at once; the alerts marked
 * are marked in the cache too (given ids), or the lists shown are asked again (all of them), so the bell, its panel
 * and the Notifications page agree.
 */
import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { UnreadNotificationCountDocument, useMarkNotificationsReadMutation } from '../../__generated__/graphql';

export function useMarkNotificationsRead(): [(ids?: string[]) => Promise<void>, boolean] {
  const client = useApolloClient();
  const [mark, { loading }] = useMarkNotificationsReadMutation();
  const markRead = useCallback(
    async (ids?: string[]) => {
      const answer = await mark({ variables: { ids: ids ?? null } });
      const unread = answer.data?.markNotificationsRead.unread;
      if (unread === undefined) return;
      const { cache } = client;
      cache.writeQuery({ query: UnreadNotificationCountDocument, data: { unreadNotificationCount: unread } });
      if (ids) {
        for (const id of ids)
          cache.modify({ id: cache.identify({ __typename: 'Notification', id }), fields: { read: () => true } });
      } else {
        // a list that cannot be asked again shows its own error; leaving the page meanwhile stops the refetch
        await client.refetchQueries({ include: ['LatestNotifications', 'NotificationsPage'] }).catch(() => undefined);
      }
    },
    [client, mark],
  );
  return [markRead, loading];
}
