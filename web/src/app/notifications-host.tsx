import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadNotifications, notificationsRequested } from '../lib/notify.ts';

const Notifications = lazy(() => loadNotifications().then((module) => ({ default: module.Notifications })));

/**
 * Where notifications appear (top right, below the header: the bottom right belongs to the
 * Resource Center button), mounted with the first notification (see lib/notify.ts); the store
 * keeps what was shown meanwhile.
 */
export function NotificationsHost() {
  const requested = useSyncExternalStore(notificationsRequested.subscribe, notificationsRequested.get);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the header (app.css), never over the user menu. */}
      <Notifications position="top-right" />
    </Suspense>
  );
}
