import { ApiError } from '@/lib/api-client';
import { getStoredToken } from '@/lib/auth/token';

/** GET /api/courses/:id/questions/export → the bank as GIFT text (a file download, so not JSON). */
export async function exportGift(courseId: string): Promise<string> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/questions/export`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Please check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? 'The export failed', { serverMessage: body.message });
  }
  return response.text();
}

/** Saves text as a file through the browser's download. */
export function downloadText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
