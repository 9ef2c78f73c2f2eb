import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A question's tags; each opens the forum filtered by it. */
export function TagList({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge
            component={Link}
            to={paths.forum.href({ tag })}
            variant="light"
            radius="sm"
            tt="none"
            fw={600}
            style={{ cursor: 'pointer' }}
            aria-label={`Questions tagged ${tag}`}
          >
            {tag}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
