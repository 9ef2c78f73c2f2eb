import { Button, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { BLOG_TOPICS, type BlogTopic } from '../articles';

export interface TopicFilterProps {
  /** The selected topic, or null for all of them. */
  value: BlogTopic | null;
  onChange: (topic: BlogTopic | null) => void;
}

/** The reading list's topic filter: toggle buttons for All and the four topics (spec §2), one pressed at a time. */
export function TopicFilter({ value, onChange }: TopicFilterProps) {
  const labelId = useId();
  const options: { topic: BlogTopic | null; label: string }[] = [
    { topic: null, label: 'All topics' },
    ...BLOG_TOPICS.map((topic) => ({ topic: topic.slug, label: topic.label })),
  ];
  return (
    <Group gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={600} mr={4}>
        Filter by topic:
      </Text>
      {options.map((option) => {
        const pressed = option.topic === value;
        return (
          <Button
            key={option.label}
            size="sm"
            radius="xl"
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            onClick={() => onChange(option.topic)}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}
