import type { FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { parseTokenValue, type TokenSource } from '../auth/guards.js';
import { HttpError } from '../lib/errors.js';
import { registerErrorHandling, type ErrorResult } from '../plugins/errors.js';
import { TOO_MANY_REQUESTS } from './limits.js';

/** Every path of the v1 API (v1-api.md §1), as the v1 client spells it. */
export const V1_PATHS = [
  '/view-courses',
  '/user-Login',
  '/user-Register',
  '/view-student-details',
  '/update-student-details',
  '/view-teacher-details',
  '/update-teacher-details',
  '/view-admin-details',
  '/view-course-teacher-publish',
  '/add-course',
  '/view-courseDetails-ById',
  '/add-wishlist',
  '/add-enrolled',
  '/add-review',
  '/view-Review-courseId',
  '/view-wishlist',
  '/view-enrolled-by-studentID',
  '/view-Review-list-studentId',
  '/edit-review-studentId',
  '/delete-review-studentId',
  '/isReviewed-studentId-courseId',
  '/add-question',
  '/view-Forum-QuestionList',
  '/view-forum-question-id',
  '/add-forum-answer',
  '/view-Forum-QuestionList-studentId',
  '/view-answerList-studentId',
  '/update-question',
  '/delete-question',
  '/update-answer-studentId',
  '/delete-answer-studentId',
] as const;

const CANONICAL = new Map<string, string>(V1_PATHS.map((path) => [path.toLowerCase(), path]));

/**
 * Fastify's `rewriteUrl`: v1 paths match case-insensitively with one trailing slash tolerated, and their query
 * string is ignored (§2.1). Routing is case-sensitive everywhere else, so only known v1 paths are rewritten.
 */
export function rewriteV1Url(request: RawRequestDefaultExpression): string {
  const url = request.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return CANONICAL.get(trimmed.toLowerCase()) ?? url;
}

/** True for paths the v1 API answers (known or not): everything outside `/api`. */
/** Whether a path is one of the v1 routes (case-insensitive, one trailing slash tolerated, as they match). */
export function isV1RoutePath(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return CANONICAL.has(trimmed.toLowerCase());
}

export function isV1Path(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !(pathname === '/api' || pathname.startsWith('/api/'));
}

/** The JSON body as an object: an empty or non-object body counts as `{}`. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** v1 tokens: the Authorization header first, then `headers.Authorization` / `headers.authorization` in the body. */
export const v1TokenSource: TokenSource = (request) => {
  const fromHeader = parseTokenValue(request.headers.authorization);
  if (fromHeader) return fromHeader;
  const headers = bodyOf(request).headers;
  if (!headers || typeof headers !== 'object') return null;
  const record = headers as Record<string, unknown>;
  return parseTokenValue(record.Authorization) ?? parseTokenValue(record.authorization);
};

export interface V1Success {
  message: string;
  data?: unknown;
}

/** Every limit answers alike in v1 (§2.1), whichever limit it was (per IP, e-mail, account or user). */
export function sendV1Error(reply: FastifyReply, { statusCode, message }: ErrorResult) {
  return reply.code(statusCode).send({ success: false, message: statusCode === 429 ? TOO_MANY_REQUESTS : message });
}

export function sendV1NotFound(reply: FastifyReply) {
  return reply.code(404).send({ success: false, message: 'Route not found' });
}

/**
 * The v1 scope's transport: its own error envelope, and JSON bodies where an empty body is `{}` and a
 * malformed one is a 400. Other content types stay unparsed, so they answer 415.
 */
export function registerV1Transport(scope: FastifyInstance, bodyLimit: number) {
  registerErrorHandling(scope, sendV1Error);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });
}
