import type { QtiImportReport } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { getStoredToken } from '@/lib/auth/token';
import { invalidateBank } from '../api/query-keys';

const importUrl = (courseId: string, dryRun: boolean) =>
  `/api/courses/${encodeURIComponent(courseId)}/questions/import-qti${dryRun ? '?dryRun=true' : ''}`;

function form(file: File) {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** POST …/questions/import-qti?dryRun=true: what the item or package gives, and what is refused; nothing saved. */
export function usePreviewQti(courseId: string) {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<QtiImportReport>(importUrl(courseId, true), { method: 'POST', body: form(file) }),
  });
}

/** POST …/questions/import-qti → 201: every found item written in one transaction; the bank is reloaded. */
export function useImportQti(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<QtiImportReport>(importUrl(courseId, false), { method: 'POST', body: form(file) }),
    onSuccess: () => invalidateBank(queryClient, courseId),
  });
}

/** GET …/questions/export-qti → the bank as a QTI 3.0 content package (a zip, so not JSON). */
export async function exportQti(courseId: string): Promise<Blob> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/questions/export-qti`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Please check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? 'The export failed', { serverMessage: body.message });
  }
  return response.blob();
}

/** Saves a blob through the browser's download. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
