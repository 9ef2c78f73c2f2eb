import { ApiError } from './api-client';
import { getStoredToken } from './auth/token';

/**
 * POSTs one file as multipart/form-data (part `file`) with the bearer token, reporting upload progress (fetch
 * cannot): resolves with the JSON answer of a 2xx, rejects with an ApiError carrying the server's message.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      const message = (body as { message?: unknown } | undefined)?.message;
      const serverMessage = typeof message === 'string' && message !== '' ? message : undefined;
      reject(
        new ApiError(request.status, serverMessage ?? `Request failed with status ${request.status}`, {
          serverMessage,
        }),
      );
    };
    request.onerror = () => reject(new ApiError(0, 'The server could not be reached. Please check your connection.'));
    request.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
