import { QUESTION_SORTS, type QuestionSort } from '@lyceum/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QuestionListParams } from '../api/query-keys';

function parseSort(value: string | null): QuestionSort {
  return QUESTION_SORTS.find((sort) => sort === value) ?? 'newest';
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface ForumFilterChange {
  q?: string;
  tag?: string;
  sort?: QuestionSort;
  page?: number;
}

/**
 * The forum list's search, tag, sort and page live in the query string (`/forum?q=…&tag=…&sort=…&page=…`),
 * so a filtered list can be shared, bookmarked and restored with Back. Changing a filter returns to page 1.
 */
export function useForumFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const tag = searchParams.get('tag') ?? '';
  const sort = parseSort(searchParams.get('sort'));
  const page = parsePage(searchParams.get('page'));

  const params = useMemo<QuestionListParams>(() => {
    const result: QuestionListParams = { sort, page };
    if (q.trim()) result.q = q.trim();
    if (tag.trim()) result.tag = tag.trim();
    return result;
  }, [q, tag, sort, page]);

  /** `replace` for typing (one history entry per search, not per key), push for deliberate choices. */
  const update = useCallback(
    (change: ForumFilterChange, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | undefined) => {
            if (value) next.set(key, value);
            else next.delete(key);
          };
          if ('q' in change) set('q', change.q);
          if ('tag' in change) set('tag', change.tag);
          if ('sort' in change) set('sort', change.sort === 'newest' ? undefined : change.sort);
          set('page', change.page && change.page > 1 ? String(change.page) : undefined);
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { q, tag, sort, page, params, update };
}
