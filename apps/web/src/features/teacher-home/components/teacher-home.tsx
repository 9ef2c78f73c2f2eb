import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useTimeZone } from '@/lib/use-time-zone';
import { useTeacherHome } from '../api/get-teacher-home';
import { teacherHomeMessages as messages } from '../messages';
import { AtRiskList } from './at-risk-list';
import { DueSoonList, QuestionList, ToGradeList } from './home-lists';

/**
 * The teacher's home (issue 49 point 3, ADR 061), the first thing the teacher area shows: the answers waiting for
 * them by assessment (oldest first), work due this week in their classes with how many handed it in, students at
 * risk per class with the reasons and a one-click message, and their students' recent forum questions.
 */
export function TeacherHomeSections() {
  const intl = useIntl();
  const home = useTeacherHome();
  const timeZone = useTimeZone();
  let body;
  if (home.isError)
    body = <LoadError title={intl.formatMessage(messages.loadFailed)} onRetry={() => void home.refetch()} />;
  else if (!home.data)
    body = (
      <Stack gap="xs">
        <Text c="dimmed">{intl.formatMessage(messages.loading)}</Text>
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="xl">
        <Stack gap="xl">
          <ToGradeList toGrade={home.data.toGrade} timeZone={timeZone} />
          <DueSoonList dueSoon={home.data.dueSoon} timeZone={timeZone} />
          <QuestionList questions={home.data.questions} />
        </Stack>
        <AtRiskList atRisk={home.data.atRisk} />
      </SimpleGrid>
    );
  return (
    <section aria-labelledby="teacher-home-heading">
      <Title order={2} fz={22} id="teacher-home-heading" mb="md">
        {intl.formatMessage(messages.heading)}
      </Title>
      {body}
    </section>
  );
}
