import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { listenLive } from './live';
import { notificationKeys } from './notifications';

/**
 * Keeps the bell's count and the lists current from the tab's live stream (no polling). Listens again whenever the
 * session's token is renewed (a password change or "log out everywhere" from this tab ends the old token's stream,
 * possibly before the new token is stored), so the stream resumes with the new token; a signed-out tab stays closed.
 */
export function useLiveNotifications(userId: string): void {
  const client = useQueryClient();
  // A new object on every sign-in and renewal: the token changed.
  const session = useAuth().state.user;
  useEffect(
    () =>
      listenLive((event) => {
        if (event.kind === 'ready') {
          client.setQueryData(notificationKeys.unread(userId), event.unread);
          // Whatever arrived while the stream was away.
          void client.invalidateQueries({
            queryKey: notificationKeys.all(userId),
            predicate: (q) => q.queryKey[2] !== 'unread',
          });
        } else if (event.kind === 'notification') {
          client.setQueryData<number>(
            notificationKeys.unread(userId),
            (count) => event.unread ?? (count ?? 0) + (event.notification.read ? 0 : 1),
          );
          void client.invalidateQueries({
            queryKey: notificationKeys.all(userId),
            predicate: (q) => q.queryKey[2] !== 'unread',
          });
        }
      }),
    [client, userId, session],
  );
}
