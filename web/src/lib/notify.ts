import { notifications } from '@mantine/notifications';
import { TIMING } from '@portal/shared/ui-constants';

/** The app's only way to show a passing message (part 1 §4: success 2 s, error 3 s). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: TIMING.successNoticeMs });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TIMING.errorNoticeMs });
}
