import { HOT_WINDOW_HOURS } from '@lyceum/contract/constants';
import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useHotQuestions } from '../api/get-hot-questions';

function countLabel(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The "Hot today" sidebar: the questions with the most answers and votes in the last 24 hours. */
export function HotQuestions() {
  const headingId = useId();
  const query = useHotQuestions();

  let content;
  if (query.isPending) {
    content = (
      <div role="status">
        <VisuallyHidden>Loading hot questions…</VisuallyHidden>
        <Stack gap="md" aria-hidden>
          {Array.from({ length: 3 }, (_, index) => (
            <Stack key={index} gap={6}>
              <Skeleton height={14} width="90%" />
              <Skeleton height={10} width="45%" />
            </Stack>
          ))}
        </Stack>
      </div>
    );
  } else if (query.isError) {
    content = (
      <Text size="sm" c="dimmed">
        Hot questions could not be loaded right now.
      </Text>
    );
  } else if (query.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        Nothing has been answered or voted on in the last {HOT_WINDOW_HOURS} hours yet.
      </Text>
    );
  } else {
    content = (
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {query.data.map((question) => (
          <li key={question.id}>
            <Anchor
              component={Link}
              to={paths.forumDetails.href(question.id)}
              fw={600}
              size="sm"
              lh={1.4}
              display="block"
              style={{ overflowWrap: 'anywhere' }}
            >
              {question.question}
            </Anchor>
            <Text size="xs" c="dimmed" mt={2}>
              {countLabel(question.answerCount, 'answer', 'answers')} ·{' '}
              {countLabel(question.voteScore, 'vote', 'votes')}
            </Text>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Paper component="aside" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Group gap="xs" mb="md">
        <ThemeIcon variant="light" color="orange" radius="xl" size="md">
          <IconFlame size={16} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg" id={headingId}>
          Hot today
        </Title>
      </Group>
      {content}
    </Paper>
  );
}
