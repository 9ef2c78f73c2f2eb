import type { Profile } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { accountKeys } from '../api/query-keys';

/** An answer of an account change: a fresh token for this session, and the profile when it changed. */
export interface SessionAnswer {
  token: string;
  user?: Profile;
}

/**
 * Applies an account change's answer: the fresh token replaces the stored one (after a password change or
 * "log out everywhere" the old one is already revoked), the cached profile becomes the answered one, and the
 * header avatar takes the new picture at once (update-profile-image, spec §4).
 */
export function useApplySession(): (answer: SessionAnswer) => void {
  const { renewSession, dispatch } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    ({ token, user }: SessionAnswer) => {
      renewSession(token);
      if (user) {
        queryClient.setQueryData(accountKeys.profile(user.id), user);
        dispatch({ type: 'update-profile-image', profileImage: user.profileImage });
      }
    },
    [renewSession, dispatch, queryClient],
  );
}
