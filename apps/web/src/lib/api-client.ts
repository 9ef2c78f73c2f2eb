import type { Issue } from '@lyceum/contract';
import { getStoredToken } from './auth/token';

/** Anything with a zod-like `parse`: the contract's response schemas. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * The one error every non-2xx answer (and a failed network round trip, status 0) becomes.
 * `serverMessage` is set only when the server itself said what went wrong.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: Issue[];
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, options: { issues?: Issue[]; serverMessage?: string } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = options.issues ?? [];
    this.serverMessage = options.serverMessage;
  }
}

/**
 * The text to toast for a failed call: the server's own message for a client error (4xx),
 * otherwise the catalogue's fallback (5xx messages and network failures say nothing useful).
 */
export function toastMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app registers what a 401 on an authenticated call does (clear the session, go to login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart (the browser sets its Content-Type with the boundary). */
  body?: unknown;
  /** Validates and types the 2xx answer. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Send the stored token (default true). Login and registration pass false. */
  auth?: boolean;
}

function isIssue(value: unknown): value is Issue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).path === 'string' &&
    typeof (value as Record<string, unknown>).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage = typeof record.message === 'string' && record.message !== '' ? record.message : undefined;
  const issues = Array.isArray(record.issues) ? record.issues.filter(isIssue) : [];
  const message = serverMessage ?? (response.statusText || `Request failed with status ${response.status}`);
  return new ApiError(response.status, message, { issues, serverMessage });
}

/** Calls the Lyceum API on the same origin; resolves with the (validated) JSON body of a 2xx answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, auth = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = auth ? getStoredToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'The server could not be reached. Please check your connection.');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const error = errorFromResponse(response, data);
    // A rejected token means the session is over; a 401 on login itself is just a wrong password.
    if (response.status === 401 && token) unauthorizedHandler?.();
    throw error;
  }
  return schema ? schema.parse(data) : (data as T);
}
