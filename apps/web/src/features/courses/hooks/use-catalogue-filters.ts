import type { CourseCategory, CourseSort } from '@lyceum/contract';
import { COURSE_CATEGORIES, COURSE_SORTS } from '@lyceum/contract/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CatalogueParams } from '../api/query-keys';
import { pageParam, parsePage, withParams } from '@/lib/search-params';

/** Cards per catalogue page: fills rows of one, two and three columns. */
export const CATALOGUE_PAGE_SIZE = 12;

export function parseCategory(value: string | null): CourseCategory | undefined {
  return COURSE_CATEGORIES.find((category) => category === value);
}

function parseSort(value: string | null): CourseSort | undefined {
  return COURSE_SORTS.find((sort) => sort === value);
}

export interface CatalogueFilterChange {
  q?: string;
  category?: CourseCategory | '';
  sort?: CourseSort | '';
  page?: number;
}

/**
 * The catalogue's search, category, sort and page live in the query string (`/courses?q=…&category=…`), so the
 * home page's category tiles can link to a filtered list and a search can be shared or restored with Back.
 * Without a sort, a search is ordered by relevance and the rest by newest. Changing a filter returns to page 1.
 */
export function useCatalogueFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const category = parseCategory(searchParams.get('category'));
  const sort = parseSort(searchParams.get('sort'));
  const page = parsePage(searchParams.get('page'));

  const params = useMemo<CatalogueParams>(() => {
    const result: CatalogueParams = { page, pageSize: CATALOGUE_PAGE_SIZE };
    if (q.trim()) result.q = q.trim();
    if (category) result.category = category;
    if (sort) result.sort = sort;
    return result;
  }, [q, category, sort, page]);

  /** `replace` for typing (one history entry per search, not per key), push for deliberate choices. */
  const update = useCallback(
    (change: CatalogueFilterChange, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const values: Record<string, string | undefined> = {};
          if ('q' in change) values.q = change.q;
          if ('category' in change) values.category = change.category;
          if ('sort' in change) values.sort = change.sort;
          values.page = pageParam(change.page);
          return withParams(previous, values);
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const clear = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { q, category, sort, page, params, update, clear };
}
