import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { listenLive } from './live';
import { notificationKeys } from './notifications';

/** Whether the tab hears of new notifications now, or is trying to reach the server again. */
export type LiveState = 'live' | 'reconnecting';

/**
 * Keeps the bell's count and the lists current from the tab's live stream (no polling). Listens again whenever the
 * session's token is renewed (a password change or "log out everywhere" from this tab ends the old token's stream,
 * possibly before the new token is stored), so the stream resumes with the new token; a signed-out tab stays closed.
 * Answers 'reconnecting' while the stream is away (a server restart): the count may be out of date until it is back.
 */
export function useLiveNotifications(userId: string): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('live');
  // A new object on every sign-in and renewal: the token changed.
  const session = useAuth().state.user;
  useEffect(
    () =>
      listenLive((event) => {
        if (event.kind === 'reconnecting') setState('reconnecting');
        else if (event.kind === 'ended') setState('live');
        else if (event.kind === 'ready') {
          setState('live');
          // The server's count as the stream (re)opens: whatever was read or arrived while it was away.
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
  return state;
}
