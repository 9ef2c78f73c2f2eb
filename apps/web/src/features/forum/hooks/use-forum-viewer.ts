import type { PublicUser, TokenUser } from '@lyceum/contract';
import { useAuth } from '@/lib/auth/auth-context';

export interface ForumViewer {
  user: TokenUser | null;
  /** Students and teachers ask and answer (admins moderate). */
  canPost: boolean;
  /** Admins may delete any post. */
  isAdmin: boolean;
  isAuthor: (author: Pick<PublicUser, 'id'>) => boolean;
}

/** What the current visitor may do in the forum; the server checks every action again. */
export function useForumViewer(): ForumViewer {
  const { state } = useAuth();
  const user = state.isAuthenticated ? state.user : null;
  return {
    user,
    canPost: user?.role === 'student' || user?.role === 'teacher',
    isAdmin: user?.role === 'admin',
    isAuthor: (author) => user !== null && author.id === user.id,
  };
}
