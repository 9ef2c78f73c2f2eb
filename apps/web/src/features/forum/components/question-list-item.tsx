import type { Question } from '@lyceum/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PostAuthor } from './post-author';
import { QuestionStats, QuestionStatsRow } from './question-stats';
import { TagList } from './tag-list';

/** One question of the forum list: counts, title linking to its page, an excerpt, tags, author and date. */
export function QuestionListItem({ question }: { question: Question }) {
  const accepted = question.acceptedAnswerId !== null;
  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <QuestionStats voteScore={question.voteScore} answerCount={question.answerCount} accepted={accepted} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} fz="lg" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.forumDetails.href(question.id)} inherit c="indigo.9">
              {question.question}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {question.description}
          </Text>
          <QuestionStatsRow voteScore={question.voteScore} answerCount={question.answerCount} accepted={accepted} />
          <Group justify="space-between" align="center" gap="sm" mt={4}>
            <TagList tags={question.tags} />
            <PostAuthor
              author={question.author}
              role={question.authorRole}
              date={question.createdAt}
              dateLabel="Asked"
              avatarSize={32}
            />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
