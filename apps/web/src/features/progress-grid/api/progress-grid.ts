import type { ProgressGrid, ProgressGridSort } from '@lyceum/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

export interface GridParams {
  page: number;
  pageSize: number;
  sort: ProgressGridSort;
  order: 'asc' | 'desc';
}

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;

/** GET /api/courses/:id/progress-grid → a page of students × the published items (the course's teacher, admins). */
export function useProgressGrid(courseId: string, params: GridParams) {
  return useQuery({
    queryKey: ['progress-grid', courseId, params],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(params.page),
        pageSize: String(params.pageSize),
        sort: params.sort,
        order: params.order,
      });
      return apiRequest<ProgressGrid>(`${base(courseId)}/progress-grid?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** Downloads the whole grid as CSV, in the order shown. */
export function useDownloadProgressCsv(courseId: string) {
  return useMutation({
    mutationFn: ({ sort, order }: Pick<GridParams, 'sort' | 'order'>) =>
      downloadFile(
        `${base(courseId)}/progress-grid.csv?${new URLSearchParams({ sort, order }).toString()}`,
        'text/csv',
        'lyceum-progress.csv',
      ),
  });
}
