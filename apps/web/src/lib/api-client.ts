import type { Issue, SessionEndReason } from '@lyceum/contract';
import { SESSION_END_REASONS } from '@lyceum/contract/constants';
import { getStoredToken } from './auth/token';

/**
 * The one error every non-2xx answer (and a failed network round trip, status 0) becomes.
 * `serverMessage` is set only when the server itself said what went wrong.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: Issue[];
  readonly serverMessage: string | undefined;
  /** Why the session ended, when a 401 says so (one of the contract's SESSION_END_REASONS). */
  readonly reason: SessionEndReason | undefined;
  /**
   * The error's JSON body as sent, for the few errors whose contract carries more than a message (a grading
   * conflict's saved grade): read it through that route's error schema type.
   */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    options: { issues?: Issue[]; serverMessage?: string; reason?: SessionEndReason; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = options.issues ?? [];
    this.serverMessage = options.serverMessage;
    this.reason = options.reason;
    this.body = options.body;
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

/** How a request reaches the API: the browser's fetch; the server's renderer passes its own (entry-server.tsx). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The app registers what a 401 on an authenticated call does (clear the session, say why, go to login).
 * It receives the error, whose `reason` says why the session ended when the server told.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart (the browser sets its Content-Type with the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored token (default true). Login and registration pass false. */
  auth?: boolean;
  /**
   * Send this token instead of the stored one; a 401 then leaves the current session alone (logout sends the
   * token of the session it has just ended here).
   */
  token?: string;
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
  const reason = SESSION_END_REASONS.find((known) => known === record.reason);
  return new ApiError(response.status, message, { issues, serverMessage, reason, body });
}

/**
 * Calls the Lyceum API on the same origin; resolves with the JSON body of a 2xx answer as `T`, the contract's
 * type of that answer. The body is not parsed again here: the server serialises every response through its
 * contract schema, so a 2xx body already has that shape (docs/decisions/013-browser-contract-and-js-budget.md).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, auth = true, token: given } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = given ?? (auth ? getStoredToken() : null);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      // Public reads may be kept by caches for a few seconds (ADR 020), but this app always asks the server again
      // (a 304 when nothing changed): a teacher who just published a course sees it in the catalogue at once.
      cache: 'no-cache',
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
    if (response.status === 401 && token && !given) unauthorizedHandler?.(error);
    throw error;
  }
  return data as T;
}
