import type { CourseSort } from '@lyceum/contract';
import { COURSE_CATEGORIES } from '@lyceum/contract/constants';
import { Box, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigation } from 'react-router';
import { CourseCard } from '@/components/course-card';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { PastTheEnd, isPastTheEnd } from '@/components/past-the-end';
import { formatCount } from '@/lib/format';
import { useCourses } from '../api/get-courses';
import { CATALOGUE_PAGE_SIZE, useCatalogueFilters } from '../hooks/use-catalogue-filters';
import { CourseGrid, CourseGridSkeleton } from './course-grid';
import { useIntl } from '@/i18n/intl';
import { coursesMessages as m } from '../messages';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 350;

/**
 * The catalogue (spec §2 /courses): published courses as cards, with full-text search, a category filter, sort
 * and pages, all kept in the URL.
 */
export function Catalogue() {
  const { q, category, sort, params, update, clear } = useCatalogueFilters();
  const query = useCourses(params);
  const [search, setSearch] = useState(q);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const pushed = useRef(q);
  const resultsRef = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  const categoryOptions = [
    { value: '', label: intl.formatMessage(m.allCategories) },
    ...COURSE_CATEGORIES.map((name) => ({ value: name, label: name })),
  ];

  // Typing → URL (after a pause); the URL changed by Back or a link → the box. Not while the visitor is on the way
  // to another page (a course opened right after typing): the search would cancel or follow that navigation.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating || debouncedSearch.trim() === pushed.current.trim()) return;
    pushed.current = debouncedSearch;
    update({ q: debouncedSearch.trim() }, { replace: true });
  }, [debouncedSearch, update, navigating]);
  useEffect(() => {
    if (q.trim() === pushed.current.trim()) return;
    pushed.current = q;
    setSearch(q);
  }, [q]);

  const searching = Boolean(params.q);
  const defaultSort = searching ? 'relevance' : 'newest';
  const sortOptions = (['relevance', 'newest', 'rating', 'popular'] as const)
    .filter((value) => value !== 'relevance' || searching)
    .map((value) => ({ value, label: intl.formatMessage(m.sort, { sort: value }) }));

  const data = query.data;
  const filtered = searching || Boolean(category);
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.items.length - 1 : 0;

  return (
    <Stack gap="xl">
      <Group
        component="form"
        role="search"
        aria-label={intl.formatMessage(m.findCourse)}
        gap="md"
        align="flex-end"
        wrap="wrap"
        onSubmit={(event: FormEvent) => {
          // Enter searches at once, without waiting for the typing pause.
          event.preventDefault();
          pushed.current = search;
          update({ q: search.trim() });
        }}
      >
        <TextInput
          label={intl.formatMessage(m.searchLabel)}
          placeholder={intl.formatMessage(m.searchPlaceholder)}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={
            search ? (
              <Button
                variant="subtle"
                color="gray"
                size="compact-xs"
                px={4}
                aria-label={intl.formatMessage(m.clearSearch)}
                onClick={() => setSearch('')}
              >
                <IconX size={16} aria-hidden />
              </Button>
            ) : null
          }
          style={{ flex: '1 1 280px' }}
        />
        {/* The browser's own select: keyboard, touch and screen readers for free, and no popover code to load. */}
        <NativeSelect
          label={intl.formatMessage(m.category)}
          data={categoryOptions}
          value={category ?? ''}
          onChange={(event) => update({ category: event.currentTarget.value as typeof category | '' })}
          style={{ flex: '1 1 180px' }}
          maw={{ sm: 240 }}
        />
        <NativeSelect
          label={intl.formatMessage(m.sortBy)}
          data={sortOptions}
          value={sort ?? defaultSort}
          onChange={(event) => {
            const value = event.currentTarget.value;
            update({ sort: value === defaultSort ? '' : (value as CourseSort) });
          }}
          style={{ flex: '1 1 160px' }}
          maw={{ sm: 200 }}
        />
      </Group>

      <Box ref={resultsRef} style={{ scrollMarginTop: 96 }}>
        <Text size="sm" c="dimmed" mb="md" aria-live="polite" aria-atomic>
          {data
            ? data.total === 0
              ? intl.formatMessage(m.noneFound)
              : intl.formatMessage(isPastTheEnd(data) ? m.total : m.showing, {
                  first: formatCount(first),
                  last: formatCount(last),
                  total: formatCount(data.total),
                  more: data.totalIsLowerBound ? 'yes' : 'no',
                  count: data.total,
                })
            : ''}
        </Text>

        {query.isPending ? (
          <CourseGridSkeleton count={CATALOGUE_PAGE_SIZE / 2} />
        ) : query.isError ? (
          <LoadError
            title={intl.formatMessage(m.loadFailed)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          >
            {query.error.message}
          </LoadError>
        ) : isPastTheEnd(data) ? (
          <PastTheEnd
            lastPage={data?.lastPage ?? 1}
            onGo={(page) => {
              update({ page });
              resultsRef.current?.scrollIntoView({ block: 'start' });
            }}
          />
        ) : data && data.items.length === 0 ? (
          <EmptySection
            message={intl.formatMessage(filtered ? m.noMatch : m.nonePublished)}
            description={filtered ? intl.formatMessage(m.noMatchHint) : undefined}
          >
            {filtered ? (
              <Button
                variant="default"
                onClick={() => {
                  pushed.current = '';
                  setSearch('');
                  clear();
                }}
              >
                {intl.formatMessage(m.clearFilters)}
              </Button>
            ) : null}
          </EmptySection>
        ) : data ? (
          <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <CourseGrid
              items={data.items}
              keyOf={(course) => course.id}
              renderItem={(course) => <CourseCard course={course} headingOrder={2} />}
            />
          </Box>
        ) : null}

        {data ? (
          <ListPagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            label={intl.formatMessage(m.coursePages)}
            onChange={(page) => {
              update({ page });
              resultsRef.current?.scrollIntoView({ block: 'start' });
            }}
          />
        ) : null}
      </Box>
    </Stack>
  );
}
