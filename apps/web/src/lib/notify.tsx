import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';

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
