import { UI } from '@lyceum/contract/constants';
import { notifications, useNotifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useHasBeenTrue } from './use-has-been-true';

/**
 * Toasts (Mantine notifications, top-right, auto-close from the provider).
 * Pass a text of the contract's MESSAGES catalogue, or a message the server sent.
 * An `id` keeps one toast on screen when the same event fires twice (e.g. StrictMode effects).
 */
/** Mantine's close button has no text of its own: name it for screen readers. */
const closeButtonProps = { 'aria-label': 'Close notification' };

export function notifySuccess(message: string, id?: string): void {
  notifications.show({ id, message, color: 'teal', closeButtonProps, icon: <IconCheck size={18} aria-hidden /> });
}

export function notifyError(message: string, id?: string): void {
  notifications.show({
    id,
    message,
    color: 'red',
    closeButtonProps,
    icon: <IconAlertTriangle size={18} aria-hidden />,
  });
}

export function notifyInfo(message: string, id?: string): void {
  notifications.show({
    id,
    message,
    color: 'indigo',
    closeButtonProps,
    icon: <IconInfoCircle size={18} aria-hidden />,
  });
}

// The container's code (transitions, swipe to dismiss, scroll locking) is fetched with the first toast.
const Notifications = lazy(async () => ({ default: (await import('./toast-container')).Notifications }));

/**
 * Where the toasts appear (top-right, auto-closing after UI.toastAutoCloseMs): Mantine's Notifications, mounted
 * from the first toast on. A page that shows no toast does not download it (ADR 013); a toast shown before it has
 * loaded waits in the store and appears with it.
 */
export function Toasts() {
  const { notifications: shown, queue } = useNotifications();
  const needed = useHasBeenTrue(shown.length + queue.length > 0);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position={UI.toastPosition} autoClose={UI.toastAutoCloseMs} />
    </Suspense>
  ) : null;
}
