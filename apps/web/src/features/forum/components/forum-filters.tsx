import type { QuestionSort } from '@lyceum/contract';
import { FORUM_SEARCH_MAX, LIMITS, QUESTION_SORTS } from '@lyceum/contract/constants';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconTag, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { ForumFilterChange } from '../hooks/use-forum-filters';

/** How long typing pauses before the list follows. */
export const FILTER_DEBOUNCE_MS = 350;

const SORT_LABELS: Record<QuestionSort, string> = {
  newest: 'Newest',
  votes: 'Most voted',
  unanswered: 'Unanswered',
};
const SORT_OPTIONS = QUESTION_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

export interface ForumFiltersProps {
  q: string;
  tag: string;
  sort: QuestionSort;
  /** Tags seen on the current page, offered as suggestions. */
  tagOptions: readonly string[];
  onChange: (change: ForumFilterChange, options?: { replace?: boolean }) => void;
}

/**
 * A text box that types freely and tells the URL after a pause; when the URL changes from elsewhere
 * (Back, a tag link, "Clear"), the box follows it.
 */
function useDebouncedUrlText(urlValue: string, push: (value: string) => void) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (urlValue !== seen) {
    setSeen(urlValue);
    if (urlValue !== text.trim()) setText(urlValue);
  }
  const debouncedPush = useDebouncedCallback((value: string) => push(value.trim()), FILTER_DEBOUNCE_MS);
  const change = (value: string) => {
    setText(value);
    debouncedPush(value);
  };
  /** Empties the box without telling the URL (the caller does, once for every box). */
  const reset = () => {
    debouncedPush.cancel();
    setText('');
  };
  return { text, change, reset, flush: debouncedPush.flush };
}

/**
 * Search (debounced), tag filter (free text with the page's tags as suggestions) and sort of the forum list.
 * The suggestions are the browser's own (a datalist): no popover code in the page's first download.
 */
export function ForumFilters({ q, tag, sort, tagOptions, onChange }: ForumFiltersProps) {
  const search = useDebouncedUrlText(q, (value) => onChange({ q: value }, { replace: true }));
  const tagText = useDebouncedUrlText(tag, (value) => onChange({ tag: value }, { replace: true }));
  const tagListId = useId();
  const filtered = q !== '' || tag !== '' || search.text !== '' || tagText.text !== '';

  return (
    <Group role="search" aria-label="Search and filter questions" align="flex-end" gap="sm" mb="lg" wrap="wrap">
      <TextInput
        label="Search questions"
        type="search"
        placeholder="Search by keyword"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.text}
        onChange={(event) => search.change(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.flush();
        }}
        maxLength={FORUM_SEARCH_MAX}
        style={{ flex: '2 1 240px' }}
      />
      <TextInput
        label="Tag"
        placeholder="Any tag"
        leftSection={<IconTag size={16} aria-hidden />}
        list={tagListId}
        autoComplete="off"
        value={tagText.text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          tagText.change(value);
          // A suggestion picked from the list applies at once, like Enter.
          if ((event.nativeEvent as InputEvent).inputType !== 'insertText' && tagOptions.includes(value)) {
            tagText.flush();
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') tagText.flush();
        }}
        maxLength={LIMITS.tagLength}
        rightSection={
          tagText.text ? (
            <Button
              variant="subtle"
              color="gray"
              size="compact-xs"
              px={4}
              aria-label="Clear the tag filter"
              onClick={() => {
                tagText.reset();
                onChange({ tag: '' }, { replace: true });
              }}
            >
              <IconX size={16} aria-hidden />
            </Button>
          ) : null
        }
        style={{ flex: '1 1 160px' }}
      />
      <datalist id={tagListId}>
        {tagOptions.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      <NativeSelect
        label="Sort by"
        data={SORT_OPTIONS}
        value={sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as QuestionSort })}
        style={{ flex: '1 1 140px' }}
      />
      {filtered ? (
        <Button
          variant="subtle"
          onClick={() => {
            search.reset();
            tagText.reset();
            onChange({ q: '', tag: '' });
          }}
        >
          Clear
        </Button>
      ) : null}
    </Group>
  );
}
