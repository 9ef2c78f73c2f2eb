import type { AdminUserSort, ManagedRole, SortOrder } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth/token';
import { queryString } from './query-keys';

export interface ExportFilters {
  role: ManagedRole;
  q?: string;
  sort: AdminUserSort;
  order: SortOrder;
}

const REVOKE_AFTER_MS = 40_000;

/** The name the server suggests in `Content-Disposition`, or a sensible one. */
export function fileNameOf(response: Response, role: ManagedRole): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? `lyceum-${role}s.csv`;
}

async function errorOf(response: Response): Promise<ApiError> {
  let serverMessage: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) serverMessage = body.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiError(response.status, serverMessage ?? `Request failed with status ${response.status}`, {
    serverMessage,
  });
}

/**
 * GET /api/admin/users/export.csv with the bearer token, saved through a temporary object URL: a plain link
 * cannot carry the Authorization header. Resolves with the file name once the download has been handed over.
 */
export async function downloadUsersCsv(filters: ExportFilters): Promise<string> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/admin/users/export.csv${queryString({ ...filters })}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Please check your connection.');
  }
  if (!response.ok) throw await errorOf(response);

  const blob = await response.blob();
  const fileName = fileNameOf(response, filters.role);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Chromium reads the blob after click() returns: freeing it later (as FileSaver.js does) is safe everywhere.
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
  return fileName;
}

export function useDownloadUsersCsv() {
  return useMutation({ mutationFn: downloadUsersCsv });
}
