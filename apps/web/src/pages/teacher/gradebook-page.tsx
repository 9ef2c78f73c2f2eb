import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconPencilCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCourse } from '@/features/courses/api/get-course';
import { GradebookTable } from '@/features/grading/components/gradebook-table';
import { usePageTitle } from '@/lib/use-page-title';

/** The gradebook of one of the teacher's courses. */
export function TeacherGradebookPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Gradebook · ${courseTitle}` : 'Gradebook');
  return (
    <>
      <PageHeader
        title="Gradebook"
        description={courseTitle ? `Grades of “${courseTitle}”.` : 'Grades of this course.'}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.teacher.coursesList.href()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              My Courses
            </Button>
            <Button
              component={Link}
              to={paths.teacher.grading.href(id)}
              variant="light"
              leftSection={<IconPencilCheck size={18} aria-hidden />}
            >
              Grade answers
            </Button>
          </Group>
        }
      />
      <GradebookTable courseId={id} />
    </>
  );
}
