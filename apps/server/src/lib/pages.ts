/** Paging as every list's query string carries it. */
export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * A page in the contract's envelope (pageOf): the items with their page, size, total and the real last page,
 * so a client asking for a page past the end can offer the last one. `totalIsLowerBound` when the count
 * stopped at a cap.
 */
export function pageResult<T>(
  items: T[],
  paging: Paging,
  total: number,
  totalIsLowerBound?: boolean,
): { items: T[]; page: number; pageSize: number; total: number; lastPage: number; totalIsLowerBound?: boolean } {
  return {
    items,
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    lastPage: Math.max(1, Math.ceil(total / paging.pageSize)),
    ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
  };
}
