// Tags (docs/decisions/007-forum.md), list orders and sizes of the forum.

/**
 * One tag as stored and matched: trimmed, inner whitespace collapsed to one space, lower-cased.
 * "React", " react " and "REACT" are the same tag, so the tag filter and de-duplication agree.
 */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Tags as sent: an array of strings or one comma-separated string (the v1 client and the ask form's
 * text input). Every entry is split on commas, normalised, empties dropped, duplicates removed
 * (first occurrence kept). Limits are checked afterwards by `QuestionTagsSchema`.
 */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((entry) => entry.split(','));
  return [...new Set(parts.map(normalizeTag).filter((tag) => tag.length > 0))];
}

/**
 * List orders: `newest` (default), `votes` (highest score first, newest on ties) and `unanswered`
 * (only questions without any answer, newest first).
 */
export const QUESTION_SORTS = ['newest', 'votes', 'unanswered'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

/** Longest search text accepted by the list and the similar-questions lookup. */
export const FORUM_SEARCH_MAX = 200;

/** The fewest words a draft needs before similar questions are looked up. */
export const SIMILAR_MIN_WORDS = 3;
/** At most this many similar questions, and at most this many hot questions. */
export const SIMILAR_LIMIT = 5;
export const HOT_LIMIT = 5;
/** The window of the Hot today list. */
export const HOT_WINDOW_HOURS = 24;

/** Shown in place of an author whose account no longer exists (v1-api §2.5). */
export const DELETED_USER = { firstname: 'Deleted', lastname: 'user', username: 'Deleted user' } as const;
