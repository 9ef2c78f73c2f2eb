import { PAGINATION } from './constants/limits.js';
import { SESSION_END_REASONS } from './constants/sessions.js';
import { z } from './zod.js';

/** A record id: a UUID, the same string on /api and on the v1 API. */
export const IdSchema = z.uuid({ error: 'must be a valid id' });

/** Path parameter `:id`. */
export const IdParamsSchema = z.object({ id: IdSchema });

/** The message of a text input holding U+0000 (which no PostgreSQL text column can store). */
export const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * A string that holds no NUL character (U+0000): the base of every text input, in bodies and query strings.
 * PostgreSQL cannot store U+0000 in text, so such a value is refused here with a 400 naming the field.
 */
export function textInput() {
  return z.string().refine((value) => !value.includes('\u0000'), { error: NUL_MESSAGE });
}

/** A trimmed string that must not be empty after trimming, at most `max` characters. */
export function requiredText(max: number) {
  return textInput()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });
}

/** A trimmed string that may be empty, at most `max` characters. */
export function optionalText(max: number) {
  return textInput()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
}

/** Query string of every paginated list. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'must be at least 1' }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be at least 1' })
    .max(PAGINATION.maxPageSize, { error: `must be at most ${PAGINATION.maxPageSize}` })
    .default(PAGINATION.defaultPageSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * Envelope of every paginated list: `{ items, page, pageSize, total, lastPage }`. A page past `lastPage` has no
 * items (clients offer a link to `lastPage`). Lists whose count stops at a cap (the catalogue: 10,000; a
 * ranked search: 1,000) set `totalIsLowerBound` when there are more: "10,000+", and their pages end at the cap.
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** The last page with items; 1 for an empty list. */
    lastPage: z.number().int().min(1),
    totalIsLowerBound: z.boolean().optional(),
  });
}

/** A field-level validation problem. */
export const IssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type Issue = z.infer<typeof IssueSchema>;

/** Every /api error: `{ statusCode, error, message, issues? }`. */
export const ErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(IssueSchema).optional(),
  /** On a 401 from an /api route for a token that was once valid: why the session ended. */
  reason: z.enum(SESSION_END_REASONS).optional(),
});
export type ApiErrorBody = z.infer<typeof ErrorSchema>;

/** ISO-8601 timestamp on the wire. */
export const DateTimeSchema = z.iso.datetime();
