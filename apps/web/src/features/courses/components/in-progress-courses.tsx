import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { useEnrolments } from '../api/get-enrolments';
import { CourseGrid, CourseGridSkeleton } from './course-grid';
import { EnrolmentCard } from './enrolled-courses';

/** The student dashboard's "In Progress Courses": their active enrolments, most recent first. */
export function InProgressCourses({ limit = 3, onCompleted }: { limit?: number; onCompleted?: () => void }) {
  const query = useEnrolments({ status: 'active', page: 1, pageSize: limit });
  if (query.isPending) return <CourseGridSkeleton count={limit} label="Loading your courses…" />;
  if (query.isError) {
    return (
      <LoadError
        title="Your courses could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <EmptySection message="No course in progress" description="Enrol in a course and it shows up here.">
        <Button component={Link} to={paths.courses.href()} variant="default">
          Browse courses
        </Button>
      </EmptySection>
    );
  }
  return (
    <CourseGrid
      items={query.data.items}
      keyOf={(item) => item.courseId}
      renderItem={(item) => <EnrolmentCard item={item} onCompleted={onCompleted} />}
    />
  );
}
