/** The contract's page envelope (pageOf). */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  lastPage: number;
}
