import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { useAuth } from '../lib/auth/auth-context';
import { useFocusAfterNavigation } from '../lib/use-focus-after-navigation';

/**
 * Confirms a stored session with the server once per load: a revoked token answers 401, which ends the
 * session (see the API client); a profile image changed elsewhere replaces the token's stale one.
 */
function useSessionCheck() {
  const { state, dispatch } = useAuth();
  const me = useMe(state.isAuthenticated ? (state.user?.id ?? null) : null);
  const profileImage = me.data?.profileImage;
  useEffect(() => {
    if (profileImage !== undefined) dispatch({ type: 'update-profile-image', profileImage });
  }, [profileImage, dispatch]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}

/** The root route: global, invisible concerns around every page. */
export function AppRoot() {
  useSessionCheck();
  useFocusAfterNavigation();
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
