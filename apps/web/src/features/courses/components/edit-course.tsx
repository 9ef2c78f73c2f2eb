import { Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { ApiError } from '@/lib/api-client';
import { useCourse } from '../api/get-course';
import { courseFormMessages as messages } from '../form/messages';
import { CourseForm, type CourseFormProps } from './course-form';

export interface EditCourseProps extends Omit<CourseFormProps, 'course'> {
  courseId: string;
}

/** Loads a course and opens it in the course form; a course that is gone (or not the caller's) says so. */
export function EditCourse({ courseId, ...formProps }: EditCourseProps) {
  const t = useIntl().formatMessage;
  const query = useCourse(courseId);
  if (query.isPending) {
    return (
      <div role="status">
        <VisuallyHidden>{t(messages.loadingCourse)}</VisuallyHidden>
        <Stack gap="lg" aria-hidden>
          <Skeleton height={220} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && [400, 403, 404].includes(query.error.status);
    return missing ? (
      <EmptySection
        message={t(messages.notFound)}
        description={t(messages.notFoundHint)}
        icon={<IconLock size={28} aria-hidden />}
      >
        <Button component={Link} to={formProps.listHref} variant="default">
          {t(messages.backToCourses)}
        </Button>
      </EmptySection>
    ) : (
      <LoadError title={t(messages.loadFailed)} onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {query.error.message}
      </LoadError>
    );
  }
  // A fresh form per course, started from what the server holds now.
  return <CourseForm key={`${query.data.id}`} course={query.data} {...formProps} />;
}
