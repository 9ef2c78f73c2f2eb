import { MESSAGES } from '@lyceum/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { notifySuccess } from '../../../lib/notify';

/** Spec §4 logout: leave the area first (so its guard never sees a logged-out visitor), then end the session. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { endSession } = useAuth();

  return useCallback(async () => {
    // flushSync: the area must be unmounted before the session ends, or its guard would ask for a login.
    await navigate(paths.home.href(), { flushSync: true });
    // byUser: should a guard still see the change (a navigation cut short), it sends the visitor home, not to login.
    endSession({ byUser: true });
    queryClient.clear();
    notifySuccess(MESSAGES.logoutSuccess);
  }, [navigate, endSession, queryClient]);
}
