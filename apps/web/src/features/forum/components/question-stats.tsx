import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { formatCount } from '@/lib/format';

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export interface QuestionStatsProps {
  voteScore: number;
  answerCount: number;
  accepted: boolean;
}

/** The real vote score and answer count of a question; an accepted answer is marked. */
export function QuestionStats({ voteScore, answerCount, accepted }: QuestionStatsProps) {
  return (
    <Stack gap={4} miw={96} align="flex-end" visibleFrom="xs" style={{ flexShrink: 0 }}>
      <StatsContent voteScore={voteScore} answerCount={answerCount} accepted={accepted} />
    </Stack>
  );
}

/** The same numbers in a row, for narrow screens. */
export function QuestionStatsRow({ voteScore, answerCount, accepted }: QuestionStatsProps) {
  return (
    <Group gap="md" hiddenFrom="xs">
      <StatsContent voteScore={voteScore} answerCount={answerCount} accepted={accepted} />
    </Group>
  );
}

function StatsContent({ voteScore, answerCount, accepted }: QuestionStatsProps) {
  return (
    <>
      <Text size="sm" fw={600} data-testid="vote-count">
        {plural(voteScore, 'vote', 'votes')}
      </Text>
      <Text
        size="sm"
        fw={600}
        c={accepted ? 'teal.9' : answerCount > 0 ? 'indigo.8' : 'dimmed'}
        data-testid="answer-count"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {accepted ? (
          <>
            <IconCircleCheckFilled size={16} aria-hidden />
            <VisuallyHidden>Accepted answer,</VisuallyHidden>
          </>
        ) : null}
        {plural(answerCount, 'answer', 'answers')}
      </Text>
    </>
  );
}
