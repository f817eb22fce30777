/**
 * The header's place for the notification bell (notification-bell.deferred.tsx): a slot of the bell's size, so the
 * header does not move when it arrives, filled once the browser is idle after the page is drawn. The bell, its
 * count query and its icon stay out of the shell every page loads first (docs/decisions.md#bundle-size: the shell
 * is in every route's budget, and /stock-price's margin was under 1 KiB).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadedModule, loadOnce, whenIdle } from '../../lib/deferred';
import classes from './alerts.module.css';

const loadBell = () => import('./notification-bell.deferred');
const NotificationBell = lazy(() => loadOnce(loadBell));

export function DeferredNotificationBell() {
  const [wanted, setWanted] = useState(() => loadedModule(loadBell) !== undefined);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  return (
    <span className={classes.bellSlot}>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      )}
    </span>
  );
}
