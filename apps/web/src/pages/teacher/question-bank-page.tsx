import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCourse } from '@/features/courses/api/get-course';
import { QuestionBank } from '@/features/assessments/components/question-bank';
import { usePageTitle } from '@/lib/use-page-title';

/** The question bank of one of the teacher's courses. */
export function TeacherQuestionBankPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Question bank · ${courseTitle}` : 'Question bank');
  return (
    <>
      <PageHeader
        title="Question bank"
        description={
          courseTitle
            ? `Questions of “${courseTitle}”, for its quizzes and exams.`
            : 'Questions for this course’s quizzes and exams.'
        }
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.teacher.assessments.href(id)}
              variant="default"
              leftSection={<IconChecklist size={18} aria-hidden />}
            >
              Assessments
            </Button>
            <Button
              component={Link}
              to={paths.teacher.coursesList.href()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              My Courses
            </Button>
          </Group>
        }
      />
      <QuestionBank courseId={id} />
    </>
  );
}
