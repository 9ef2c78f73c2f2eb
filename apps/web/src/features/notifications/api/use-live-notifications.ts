import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenLive } from './live';
import { notificationKeys } from './notifications';

/** Keeps the bell's count and the lists current from the tab's live stream (no polling). */
export function useLiveNotifications(userId: string): void {
  const client = useQueryClient();
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
    [client, userId],
  );
}
