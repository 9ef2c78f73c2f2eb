import { SIMILAR_MIN_WORDS } from '@lyceum/contract/constants';
import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheckFilled, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { countWords, useSimilarQuestions } from '../api/get-similar-questions';

/** How long typing pauses before suggestions are looked up. */
export const SIMILAR_DEBOUNCE_MS = 400;

/**
 * While a question is typed (3+ words), up to 5 existing questions that look like it, answered ones first:
 * the asker may find the answer already. Links open in a new tab so the draft is kept.
 */
export function SimilarQuestions({ draft }: { draft: string }) {
  const [debounced] = useDebouncedValue(draft.trim(), SIMILAR_DEBOUNCE_MS);
  const query = useSimilarQuestions(debounced);
  const items = countWords(debounced) >= SIMILAR_MIN_WORDS ? (query.data ?? []) : [];

  return (
    <div aria-live="polite">
      {items.length > 0 ? (
        <Paper withBorder radius="md" p="md" bg="indigo.0" component="section" aria-label="Similar questions">
          <Text fw={700} size="sm">
            Similar questions
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            Your question may already have an answer.
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <li key={item.id}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Anchor
                    component={Link}
                    to={paths.forumDetails.href(item.id)}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {item.question}
                    <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
                    <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                  </Anchor>
                  {item.hasAcceptedAnswer ? (
                    <Badge
                      size="sm"
                      color="teal.9"
                      variant="filled"
                      leftSection={<IconCircleCheckFilled size={12} aria-hidden />}
                      style={{ flexShrink: 0 }}
                    >
                      Accepted answer
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {formatCount(item.answerCount)} {item.answerCount === 1 ? 'answer' : 'answers'}
                    </Text>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </div>
  );
}
