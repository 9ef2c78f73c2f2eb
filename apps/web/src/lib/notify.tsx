import { UI } from '@lyceum/contract/constants';
import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
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

/**
 * The one toast that says a session is needed or has ended: the 401 handler (with the server's reason), the role
 * area guard and the pages that need a login all use this id, so whichever speaks first is the only one heard.
 */
export const SESSION_NOTICE_ID = 'session-notice';

function sessionNoticeShowing(): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((notification) => notification.id === SESSION_NOTICE_ID);
}

/** Says once why the user must log in (again); a second call while it shows changes nothing. */
export function notifySessionNotice(message: string): void {
  notifyInfo(message, SESSION_NOTICE_ID);
}

/**
 * A failure toast. While the session notice shows, failures are its consequence (the action, and the queries of
 * the page, failed because the session ended) and are not toasted: the notice already says what happened.
 */
export function notifyError(message: string, id?: string): void {
  if (sessionNoticeShowing()) return;
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
