import { Skeleton, Stack, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useCurriculum } from '../api/get-curriculum';
import { curriculumMessages as messages } from '../messages';
import { CurriculumOutline, CurriculumSummary } from './curriculum-outline';
import { useCurriculumText } from './use-curriculum-text';

/** Course details' "Course content": totals, the student's progress and the outline. */
export function CourseCurriculum({ courseId }: { courseId: string }) {
  const query = useCurriculum(courseId);
  const { intl } = useCurriculumText();
  // A course without lessons (for its readers) has no "Course content" at all, rather than an empty one.
  if (query.data && query.data.sections.length === 0 && !query.data.viewer.canEdit) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="course-content-heading">
      <Title order={2} fz="lg" id="course-content-heading">
        {intl.formatMessage(messages.courseContent)}
      </Title>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label={intl.formatMessage(messages.loadingContent)}>
          <Skeleton height={14} width="40%" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title={intl.formatMessage(messages.contentLoadFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      ) : (
        <>
          <CurriculumSummary curriculum={query.data} />
          <CurriculumOutline curriculum={query.data} headingLevel={2} />
        </>
      )}
    </Stack>
  );
}
