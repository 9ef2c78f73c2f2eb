import type { AdminUserSort, ManagedRole, SortOrder } from '@lyceum/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What a student or teacher list is asked for; an absent search is left out so equal lists share a cache entry. */
export interface UserListParams {
  role: ManagedRole;
  q?: string;
  sort: AdminUserSort;
  order: SortOrder;
  page: number;
}

/** Every admin query lives under `['admin']`, so a moderation action can mark all of them stale at once. */
export const adminKeys = {
  all: ['admin'] as const,
  lists: () => [...adminKeys.all, 'users'] as const,
  list: (params: UserListParams) => [...adminKeys.lists(), params] as const,
  details: (id: string) => [...adminKeys.all, 'user', id] as const,
};

/** After an action: the lists and every opened user's details are stale (counts, statuses, posts). */
export function invalidateAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** `?a=1&b=2` from the values that are set; '' when none is. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
