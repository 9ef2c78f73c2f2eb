import { MESSAGES } from '@lyceum/contract/constants';
import { Badge, Button, Group } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CourseCard } from '@/components/course-card';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { useTeacherCourses } from '../api/get-teacher-courses';
import { CourseGrid, CourseGridSkeleton } from './course-grid';

/** The teacher dashboard's "In Progress Courses": their most recently changed courses, drafts included. */
export function RecentTeacherCourses({ limit = 3 }: { limit?: number }) {
  const query = useTeacherCourses({ page: 1, pageSize: limit });
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
      <EmptySection message={MESSAGES.emptySection}>
        <Button component={Link} to={paths.teacher.addCourse.href()} variant="default">
          + Add Course
        </Button>
      </EmptySection>
    );
  }
  return (
    <CourseGrid
      items={query.data.items}
      keyOf={(course) => course.id}
      renderItem={(course) => (
        <CourseCard
          course={course}
          instructorName="first"
          withExcerpt={false}
          badges={
            <Badge variant="filled" color={course.status === 'published' ? 'teal.9' : 'gray.7'} radius="sm">
              {course.status === 'published' ? 'Published' : 'Draft'}
            </Badge>
          }
          actions={
            <Group gap="xs">
              <Button
                component={Link}
                to={paths.teacher.editCourse.href(course.id)}
                size="xs"
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden />}
                aria-label={`Edit ${course.title}`}
              >
                Edit
              </Button>
            </Group>
          }
        />
      )}
    />
  );
}
