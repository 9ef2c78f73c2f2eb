import type { QuestionSort } from '@lyceum/contract';
import { QUESTION_SORTS } from '@lyceum/contract/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QuestionListParams } from '../api/query-keys';
import { pageParam, parsePage, withParams } from '@/lib/search-params';

function parseSort(value: string | null): QuestionSort {
  return QUESTION_SORTS.find((sort) => sort === value) ?? 'newest';
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
          const values: Record<string, string | undefined> = {};
          if ('q' in change) values.q = change.q;
          if ('tag' in change) values.tag = change.tag;
          if ('sort' in change) values.sort = change.sort === 'newest' ? undefined : change.sort;
          values.page = pageParam(change.page);
          return withParams(previous, values);
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { q, tag, sort, page, params, update };
}
