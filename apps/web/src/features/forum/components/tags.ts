import { LIMITS, normalizeTag, normalizeTags } from '@lyceum/contract/constants';

/** The ask and edit forms' hint (spec §2). */
export const TAGS_HINT = `You can add up to ${LIMITS.tagsPerQuestion} tags`;
export const TOO_MANY_TAGS = `You can add at most ${LIMITS.tagsPerQuestion} tags`;
export const TAG_TOO_LONG = `A tag can have at most ${LIMITS.tagLength} characters`;

export function duplicateTagMessage(tag: string): string {
  return `“${normalizeTag(tag)}” is already added`;
}

export interface TagChange {
  /** The tags to keep: normalised as the server stores them, at most 10, each at most 50 characters. */
  tags: string[];
  /** Why something was left out, or null. */
  notice: string | null;
}

/**
 * What the chips input proposes, made acceptable: trimmed, inner spaces collapsed, lower-cased, de-duplicated
 * (as the server normalises, ADR 007); over-long tags refused; only the first 10 kept.
 */
export function applyTagChange(proposed: readonly string[]): TagChange {
  const normalized = normalizeTags(proposed);
  const fitting = normalized.filter((tag) => tag.length <= LIMITS.tagLength);
  const tags = fitting.slice(0, LIMITS.tagsPerQuestion);
  if (fitting.length < normalized.length) return { tags, notice: TAG_TOO_LONG };
  if (tags.length < fitting.length) return { tags, notice: TOO_MANY_TAGS };
  return { tags, notice: null };
}

/** True when a tag being typed (or any comma-separated part of it) is already too long. */
export function hasTooLongTag(text: string): boolean {
  return text.split(',').some((part) => normalizeTag(part).length > LIMITS.tagLength);
}

/** Same tag once normalised ("React " and "react" are one tag). */
export function isDuplicateTag(tag: string, current: readonly string[]): boolean {
  const normalized = normalizeTag(tag);
  return current.some((existing) => normalizeTag(existing) === normalized);
}
