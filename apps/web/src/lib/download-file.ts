import { ApiError } from './api-client';
import { getStoredToken } from './auth/token';

const REVOKE_AFTER_MS = 40_000;

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
 * GETs a file of the API with the bearer token and saves it through a temporary object URL (a plain link cannot
 * carry the Authorization header). Resolves with the file name (the server's `Content-Disposition`, else
 * `fallbackName`) once the download has been handed to the browser.
 */
export async function downloadFile(url: string, accept: string, fallbackName: string): Promise<string> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Please check your connection.');
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const header = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(header)?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
  }
  return fileName;
}
