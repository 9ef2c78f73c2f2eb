import { LIMITS } from '@lyceum/contract/constants';
import { TagsInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  TAG_TOO_LONG,
  TAGS_HINT,
  TOO_MANY_TAGS,
  applyTagChange,
  duplicateTagMessage,
  hasTooLongTag,
  isDuplicateTag,
} from './tags';

export interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** A validation error from the form (e.g. no tag yet). */
  error?: ReactNode;
  onBlur?: () => void;
  label?: string;
}

/**
 * Tags as chips: Enter or a comma adds one, Backspace removes the last. Enforces the server's rules while
 * typing — at most 10, each at most 50 characters, trimmed, de-duplicated — and says why when it refuses.
 */
export function TagsField({ value, onChange, error, onBlur, label = 'Tags' }: TagsFieldProps) {
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const full = value.length >= LIMITS.tagsPerQuestion;

  return (
    <TagsInput
      label={label}
      description={TAGS_HINT}
      placeholder={full ? undefined : 'Type a tag and press Enter'}
      value={value}
      onChange={(proposed) => {
        const change = applyTagChange(proposed);
        setNotice(change.notice);
        onChange(change.tags);
      }}
      searchValue={search}
      onSearchChange={(next) => {
        if (hasTooLongTag(next)) {
          setNotice(TAG_TOO_LONG);
          return;
        }
        if (notice === TAG_TOO_LONG) setNotice(null);
        setSearch(next);
      }}
      onKeyDown={(event) => {
        // Full: keep the typed text (so nothing is lost) and say why it was not added.
        if ((event.key === 'Enter' || event.key === ',') && full && search.trim() !== '') {
          event.preventDefault();
          setNotice(TOO_MANY_TAGS);
        }
      }}
      isDuplicate={isDuplicateTag}
      onDuplicate={(tag) => setNotice(duplicateTagMessage(tag))}
      onBlur={onBlur}
      error={notice ?? error}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove all tags' }}
      acceptValueOnBlur
      withAsterisk
    />
  );
}
