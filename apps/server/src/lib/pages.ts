import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Paging as every list's query string carries it. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** One page of a list, as every list route answers it. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  lastPage: number;
  totalIsLowerBound?: boolean;
}

/**
 * A page in the contract's envelope (pageOf): the items with their page, size, total and the real last page,
 * so a client asking for a page past the end can offer the last one. `totalIsLowerBound` when the count
 * stopped at a cap.
 */
export function pageResult<T>(items: T[], paging: Paging, total: number, totalIsLowerBound?: boolean): Page<T> {
  return {
    items,
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    lastPage: Math.max(1, Math.ceil(total / paging.pageSize)),
    ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
  };
}

/** Counts of a list stop here (ADR 019): above it the envelope says `totalIsLowerBound` and its pages end at the cap. */
export const LIST_COUNT_CAP = 10_000;

/**
 * The LIMIT and an OFFSET bounded by the count cap for a page (ADR 019): page 500 walks at most `cap` index
 * entries, and a page past the cap is empty.
 */
export function boundedPage(paging: Paging, cap = LIST_COUNT_CAP): { limit: number; offset: number } {
  const offset = Math.min((paging.page - 1) * paging.pageSize, cap);
  return { limit: Math.max(0, Math.min(paging.pageSize, cap - offset)), offset };
}

/**
 * `count(*)` of a query's rows, stopping at `cap + 1`, as a scalar subquery (an int) to select beside other
 * facts of the list (its access check) in one statement. `rows` is a select of the list's rows (any column).
 */
export function cappedCount(rows: SQLWrapper, cap = LIST_COUNT_CAP): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from (${rows}) as listed limit ${cap + 1}) as capped)`;
}

/**
 * A one-row FROM that holds a list's capped count, for a page and its count in one statement whatever the page (ADR
 * 019, session 18): the page's tables are LEFT JOINed to it, so a page past the end is this row alone, its joined
 * columns null. Select the count as `countFrameTotal`.
 */
export function countFrame(rows: SQLWrapper, cap = LIST_COUNT_CAP): SQL {
  return sql`(select ${cappedCount(rows, cap)} as total) as count_frame`;
}
export const countFrameTotal = sql<number>`count_frame.total`;

/** A page envelope from a count taken with cappedCount. */
export function cappedPageResult<T>(items: T[], paging: Paging, counted: number, cap = LIST_COUNT_CAP) {
  return pageResult(items, paging, Math.min(counted, cap), counted > cap);
}
