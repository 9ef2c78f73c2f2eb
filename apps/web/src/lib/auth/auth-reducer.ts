import type { TokenPayload, TokenUser } from '@lyceum/contract';

/** Auth state of spec §3, plus the decoded token's user and expiry. */
export interface AuthState {
  isAuthenticated: boolean;
  /** The `user` object of the decoded token; null when logged out. */
  user: TokenUser | null;
  /** Token expiry in epoch milliseconds; null when logged out. */
  expiresAt: number | null;
  /** A separately held profile-image override (set after a profile update); wins over `user.profileImage`. */
  userProfile: { profileImage: string | null };
  /** The session was ended by the user's own Logout (not by expiry or the server): guards send them home. */
  endedByUser?: boolean;
}

export type AuthAction =
  | { type: 'login-success'; payload: TokenPayload }
  | { type: 'update-profile-image'; profileImage: string | null }
  | { type: 'logout'; byUser?: boolean };

export const LOGGED_OUT: AuthState = {
  isAuthenticated: false,
  user: null,
  expiresAt: null,
  userProfile: { profileImage: null },
};

/** Spec §4: login-success logs in, update-profile-image replaces the image, anything else changes nothing. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'login-success':
      return {
        isAuthenticated: true,
        user: action.payload.user,
        expiresAt: action.payload.exp * 1000,
        userProfile: { profileImage: action.payload.user.profileImage },
      };
    case 'update-profile-image':
      return { ...state, userProfile: { profileImage: action.profileImage } };
    case 'logout':
      return action.byUser ? { ...LOGGED_OUT, endedByUser: true } : LOGGED_OUT;
    default:
      return state;
  }
}

/** The header avatar: the profile-image override, else the token user's image, else null (default picture). */
export function selectProfileImage(state: AuthState): string | null {
  return state.userProfile.profileImage ?? state.user?.profileImage ?? null;
}
