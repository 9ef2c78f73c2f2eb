import { MESSAGES } from '@lyceum/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { getStoredToken } from '@/lib/auth/token';
import { notifySuccess } from '@/lib/notify';
import { logout } from '../api/logout';

/**
 * Spec §4 logout: leave the area first (so its guard never sees a logged-out visitor), then end the session here
 * and on the server (issue 13.4: a copied token stops working too). The server call runs in the background: a
 * failure (offline) never keeps the user signed in here; the token then simply lives until it expires.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { endSession } = useAuth();

  return useCallback(async () => {
    // flushSync: the area must be unmounted before the session ends, or its guard would ask for a login.
    const token = getStoredToken();
    await navigate(paths.home.href(), { flushSync: true });
    // byUser: should a guard still see the change (a navigation cut short), it sends the visitor home, not to login.
    endSession({ byUser: true });
    if (token) void logout(token).catch(() => undefined);
    // The session's end also has the service worker forget this user's lessons (AuthProvider, ADR 072).
    queryClient.clear();
    notifySuccess(MESSAGES.logoutSuccess);
  }, [navigate, endSession, queryClient]);
}
