import type { AdminUserSort, ManagedRole, SortOrder } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';
import { queryString } from './query-keys';

export interface ExportFilters {
  role: ManagedRole;
  q?: string;
  sort: AdminUserSort;
  order: SortOrder;
}

/**
 * GET /api/admin/users/export.csv with the bearer token, saved as a file (lib/download-file.ts). Resolves with the
 * file name (the server's `Content-Disposition`, else `lyceum-<role>s.csv`) once the download has been handed over.
 */
export function downloadUsersCsv(filters: ExportFilters): Promise<string> {
  return downloadFile(
    `/api/admin/users/export.csv${queryString({ ...filters })}`,
    'text/csv',
    `lyceum-${filters.role}s.csv`,
  );
}

export function useDownloadUsersCsv() {
  return useMutation({ mutationFn: downloadUsersCsv });
}
