/**
 * The notification bell of the header (docs/product/alerts.md#screens), for a logged-in user on every page: an
 * icon button with the unread count ("Notifications, 3 unread") that opens a panel with the latest alerts, "Mark
 * all read" and links to all notifications and the alert settings. The count is asked when the page changes and
 * when the window gets the focus back, not on a timer: alerts fire after a day's upload, once a day, and a tab left
 * open polling would cost the server for nothing. The bell itself loads once the page is interactive
 * (deferred-notification-bell.tsx), and its panel's code on the first opening (or when the pointer reaches the
 * bell): every page's first load carries neither (docs/decisions.md#bundle-size).
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useUnreadNotificationCountQuery } from '../../__generated__/graphql';
import { preload } from '../../lib/deferred';
import { Disclosure } from '../popup';
import classes from './alerts.module.css';

const loadPanel = () => import('./notification-panel.deferred');
const NotificationPanel = lazy(loadPanel);

/** The bell's accessible name: "Notifications, 3 unread" ("Notifications" alone when none is). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The count as the badge writes it: up to 99, then "99+". */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

export default function NotificationBell() {
  const { pathname } = useLocation();
  const count = useUnreadNotificationCountQuery({ fetchPolicy: 'cache-and-network' });
  const { refetch } = count;
  // a new page: the alerts of an upload made meanwhile show without a reload
  useEffect(() => {
    void refetch().catch(() => undefined);
  }, [pathname, refetch]);
  // back to the window (another app: focus; another tab: visible again): ask again
  useEffect(() => {
    const again = () => void refetch().catch(() => undefined);
    const shown = () => {
      if (document.visibilityState === 'visible') again();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [refetch]);
  const unread = count.data?.unreadNotificationCount ?? 0;

  return (
    <Disclosure
      button={(props) => (
        <ActionIcon
          {...props}
          variant="default"
          size="lg"
          aria-label={bellLabel(unread)}
          className={classes.bell}
          onPointerEnter={() => preload(loadPanel)}
          onFocus={() => preload(loadPanel)}
          data-testid="notification-bell"
        >
          <IconBell size={20} aria-hidden />
          {unread > 0 && (
            <span className={classes.count} aria-hidden data-testid="notification-count">
              {badgeText(unread)}
            </span>
          )}
        </ActionIcon>
      )}
      panelProps={{
        role: 'dialog',
        'aria-label': 'Notifications',
        'data-testid': 'notification-panel',
        style: { width: 'min(360px, calc(100vw - 16px))', padding: 'var(--mantine-spacing-sm)' },
      }}
    >
      {(close) => (
        <Suspense fallback={null}>
          <NotificationPanel onClose={close} />
        </Suspense>
      )}
    </Disclosure>
  );
}
