import { TIMING } from '@portal/shared/ui-constants';

// Mantine's notifications (store, container, transitions) are their own chunk, loaded with the first
// notification: most guest visits (the login page) never show one, and the code would count against
// the login page's budget. notifications-host.tsx mounts the container once it is loaded.
type MantineNotifications = typeof import('@mantine/notifications');
let loading: Promise<MantineNotifications> | undefined;
const listeners = new Set<() => void>();

export function loadNotifications(): Promise<MantineNotifications> {
  if (!loading) {
    loading = import('@mantine/notifications');
    for (const listener of listeners) listener();
  }
  return loading;
}

/** For the host: whether a notification has been asked for yet (useSyncExternalStore's contract). */
export const notificationsRequested = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => loading !== undefined,
};

/** Mantine leaves a notification's close (×) button without a name. */
const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close notification' };

/** The app's only way to show a passing message (part 1 §4: success 2 s, error 3 s). */
export function notifySuccess(message: string): void {
  void loadNotifications().then(({ notifications }) =>
    notifications.show({
      message,
      color: 'green',
      autoClose: TIMING.successNoticeMs,
      closeButtonProps: CLOSE_BUTTON_PROPS,
    }),
  );
}

export function notifyError(message: string): void {
  void loadNotifications().then(({ notifications }) =>
    notifications.show({
      message,
      color: 'red',
      autoClose: TIMING.errorNoticeMs,
      closeButtonProps: CLOSE_BUTTON_PROPS,
    }),
  );
}
