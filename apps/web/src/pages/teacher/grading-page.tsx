import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconTable } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCourse } from '../../features/courses/api/get-course';
import { GradingInbox } from '../../features/grading/components/grading-inbox';
import { usePageTitle } from '../../lib/use-page-title';

/** The grading inbox of one of the teacher's courses, graded question by question. */
export function TeacherGradingPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Grading · ${courseTitle}` : 'Grading');
  return (
    <>
      <PageHeader
        title="Grading"
        description={
          courseTitle
            ? `Answers of “${courseTitle}” that need a person, oldest first.`
            : 'Answers that need a person, oldest first.'
        }
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
              to={paths.teacher.gradebook.href(id)}
              variant="light"
              leftSection={<IconTable size={18} aria-hidden />}
            >
              Gradebook
            </Button>
          </Group>
        }
      />
      <GradingInbox courseId={id} />
    </>
  );
}
