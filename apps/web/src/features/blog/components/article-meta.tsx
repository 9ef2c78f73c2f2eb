import { Group, Text } from '@mantine/core';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import type { BlogArticle } from '../articles';
import { formatDate } from '@lyceum/contract/constants';

/** "2026-11-10" → "10 November 2026" (a calendar day: formatted in UTC so no time zone moves it). */
export function formatPublishedOn(day: string): string {
  return formatDate(`${day}T00:00:00Z`, { style: 'long', timeZone: 'UTC' });
}

/** Author, publication day and reading time of an article. */
export function ArticleMeta({ article, size = 'sm' }: { article: BlogArticle; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Group gap="xs" c="dimmed" fz={size} wrap="wrap" style={{ rowGap: 4 }}>
      <Text span inherit fw={600} c="gray.8">
        {article.author.name}
      </Text>
      <Group gap={4} wrap="nowrap">
        <IconCalendar size={15} aria-hidden />
        <Text span inherit>
          <time dateTime={article.publishedOn}>{formatPublishedOn(article.publishedOn)}</time>
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconClock size={15} aria-hidden />
        <Text span inherit>
          {article.readingMinutes} min read
        </Text>
      </Group>
    </Group>
  );
}
