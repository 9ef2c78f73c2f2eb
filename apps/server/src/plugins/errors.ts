import type { ApiErrorBody, Issue, SessionEndReason } from '@lyceum/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, SessionEndedError, isDataException } from '../lib/errors.js';
import { closeAfterUnreadBody } from '../lib/lingering-close.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(
  statusCode: number,
  message: string,
  issues?: Issue[],
  reason?: SessionEndReason,
): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    ...(issues?.length ? { issues } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** Maps Fastify's own client errors (body parsing, size, media type) to clear messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Image must be 5 MB or smaller'],
};

/** A value the database refused (SQLSTATE class 22): the request's input, so a 400. */
export const INVALID_INPUT = 'The request holds a value that cannot be stored or searched for';

export type ErrorResult = { statusCode: number; message: string; issues?: Issue[]; reason?: SessionEndReason };

/** The one place that decides what an error looks like to a client. */
export function describeError(error: FastifyError | Error): ErrorResult {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
      message: v.message ?? 'is invalid',
    }));
    return { statusCode: 400, message: issues.map((i) => `${i.path} ${i.message}`).join('; '), issues };
  }
  if (error instanceof SessionEndedError) return { statusCode: 401, message: error.message, reason: error.reason };
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message, issues: error.issues };
  const code = (error as FastifyError).code;
  const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (known) return { statusCode: known[0], message: known[1] };
  const statusCode = (error as FastifyError).statusCode;
  if (error instanceof SyntaxError && statusCode === 400) return { statusCode: 400, message: 'Malformed JSON body' };
  if (statusCode === 429) return { statusCode: 429, message: 'Too many requests' };
  if (statusCode && statusCode >= 400 && statusCode < 500) return { statusCode, message: error.message };
  if (isDataException(error)) return { statusCode: 400, message: INVALID_INPUT };
  return { statusCode: 500, message: 'Something went wrong' };
}

export function registerErrorHandling(app: FastifyInstance, send: (reply: FastifyReply, result: ErrorResult) => void) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const result = describeError(error);
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    else if (result.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // Answered before the body was read (413, 415, a hook's 429/503): closed after the answer, without a reset.
    if (!reply.sent && closeAfterUnreadBody(request.raw)) reply.header('connection', 'close');
    send(reply, result);
  });
}

export function sendApiError(reply: FastifyReply, { statusCode, message, issues, reason }: ErrorResult) {
  return reply.code(statusCode).send(errorBody(statusCode, message, issues, reason));
}
