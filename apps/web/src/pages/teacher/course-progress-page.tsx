import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCourse } from '@/features/courses/api/get-course';
import { ProgressGridView } from '@/features/progress-grid/components/progress-grid';
import { usePageTitle } from '@/lib/use-page-title';

/** /teacher/courses/:id/progress — the students × items progress grid of one of the teacher's courses. */
export function TeacherCourseProgressPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Student progress · ${courseTitle}` : 'Student progress');
  return (
    <>
      <PageHeader
        title="Student progress"
        description={
          courseTitle
            ? `Where each student of “${courseTitle}” is, lesson by lesson.`
            : 'Where each student of this course is, lesson by lesson.'
        }
        actions={
          <Button
            component={Link}
            to={paths.teacher.coursesList.href()}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            My Courses
          </Button>
        }
      />
      <ProgressGridView key={id} courseId={id} />
    </>
  );
}
