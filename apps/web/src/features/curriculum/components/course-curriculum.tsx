import { Skeleton, Stack, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useCurriculum } from '../api/get-curriculum';
import { CurriculumOutline, CurriculumSummary } from './curriculum-outline';

/** Course details' "Course content": totals, the student's progress and the outline. */
export function CourseCurriculum({ courseId }: { courseId: string }) {
  const query = useCurriculum(courseId);
  // A course without lessons (for its readers) has no "Course content" at all, rather than an empty one.
  if (query.data && query.data.sections.length === 0 && !query.data.viewer.canEdit) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="course-content-heading">
      <Title order={2} fz="lg" id="course-content-heading">
        Course content
      </Title>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the course content">
          <Skeleton height={14} width="40%" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title="The course content could not be loaded"
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
