import type { Issue, SessionEndReason } from '@lyceum/contract';

/** A typed HTTP error; the one error handler turns it into the JSON error body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly issues?: Issue[],
    /** Headers the answer carries (e.g. Retry-After on a 503). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * 401 for a token that was valid once: `reason` says why its session ended (SESSION_END_REASONS). The /api
 * error body carries it; the v1 envelope does not (v1-api.md §2.3).
 */
export class SessionEndedError extends HttpError {
  constructor(
    message: string,
    public readonly reason: SessionEndReason,
  ) {
    super(401, message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, issues?: Issue[]) => new HttpError(409, message, issues);
/** 503 with Retry-After: the server is busy with this kind of work; the client may try again after the delay. */
export const busy = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** A field problem as an error: `400 "<field> <message>"` with the issue attached. */
export function fieldError(path: string, message: string, statusCode = 400): HttpError {
  return new HttpError(statusCode, `${path} ${message}`, [{ path, message }]);
}

/** PostgreSQL unique violation, from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    const e = candidate as { code?: string; constraint?: string } | null | undefined;
    return e?.code === '23505' && (!constraint || e.constraint === constraint);
  });
}

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a value the column or cast cannot take, such as U+0000 in
 * text (22021), bad text for a uuid (22P02) or a number out of range (22003)), from either driver. The input
 * was at fault, so it is a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  let candidate: unknown = error;
  for (let depth = 0; depth < 4 && candidate; depth += 1) {
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    candidate = (candidate as { cause?: unknown }).cause;
  }
  return false;
}
