import type { Issue, SessionEndReason } from '@lyceum/contract';

/** A typed HTTP error; the one error handler turns it into the JSON error body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly issues?: Issue[],
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
