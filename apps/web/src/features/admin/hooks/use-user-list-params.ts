import type { AdminUserSort, ManagedRole, SortOrder } from '@lyceum/contract';
import { ADMIN_USER_SORTS, DEFAULT_SORT_ORDER } from '@lyceum/contract/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { UserListParams } from '../api/query-keys';
import { pageParam, parsePage, withParams } from '@/lib/search-params';

/** The order of a table that has not been sorted by hand: newest sign-ups first (the server's default). */
export const DEFAULT_SORT: AdminUserSort = 'joined';

function parseSort(value: string | null): AdminUserSort {
  return ADMIN_USER_SORTS.find((sort) => sort === value) ?? DEFAULT_SORT;
}

function parseOrder(value: string | null, sort: AdminUserSort): SortOrder {
  return value === 'asc' || value === 'desc' ? value : DEFAULT_SORT_ORDER[sort];
}

export interface UserListChange {
  q?: string;
  sort?: AdminUserSort;
  order?: SortOrder;
  page?: number;
}

/**
 * A user table's search, sort and page live in the query string (`?q=…&sort=name&order=asc&page=2`), so a
 * filtered list survives a reload and Back. A new search or sort goes back to page 1; defaults are left out.
 */
export function useUserListParams(role: ManagedRole) {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const sort = parseSort(searchParams.get('sort'));
  const order = parseOrder(searchParams.get('order'), sort);
  const page = parsePage(searchParams.get('page'));

  const params = useMemo<UserListParams>(() => {
    const result: UserListParams = { role, sort, order, page };
    if (q.trim()) result.q = q.trim();
    return result;
  }, [role, q, sort, order, page]);

  /** `replace` for typing (one history entry per search, not per key), push for deliberate choices. */
  const update = useCallback(
    (change: UserListChange, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const values: Record<string, string | undefined> = {};
          if ('q' in change) values.q = change.q?.trim() ? change.q : undefined;
          if (change.sort) {
            const nextOrder = change.order ?? DEFAULT_SORT_ORDER[change.sort];
            const isDefault = change.sort === DEFAULT_SORT && nextOrder === DEFAULT_SORT_ORDER[DEFAULT_SORT];
            values.sort = isDefault ? undefined : change.sort;
            values.order = isDefault || nextOrder === DEFAULT_SORT_ORDER[change.sort] ? undefined : nextOrder;
          }
          values.page = pageParam(change.page);
          return withParams(previous, values);
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { q, sort, order, page, params, update };
}
