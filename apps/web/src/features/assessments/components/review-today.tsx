import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useIntl } from '@/i18n/intl';
import { useMistakeSummary } from '../api/mistake-practice';
import { assessmentsMessages as messages } from '../messages';

/** "N to review today" on the student dashboard: the mistake notebook's due questions and the way into practice. */
export function ReviewToday({ practiceHref }: { practiceHref: string }) {
  const summary = useMistakeSummary();
  const intl = useIntl();
  if (summary.isPending) return <Skeleton height={96} radius="lg" />;
  // The dashboard works without it; a failed count is simply not shown.
  if (summary.isError || summary.data.total === 0) return null;
  const { dueToday, total } = summary.data;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="review-today-heading">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="md" color="violet.9" variant="filled" aria-hidden>
            <IconBrain size={26} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz="lg" id="review-today-heading">
              {intl.formatMessage(messages.reviewToday, { count: dueToday })}
            </Title>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(messages.notebookHolds, { total })}
            </Text>
          </Stack>
        </Group>
        {dueToday > 0 ? (
          <Button component={Link} to={practiceHref}>
            {intl.formatMessage(messages.practiseNow)}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
