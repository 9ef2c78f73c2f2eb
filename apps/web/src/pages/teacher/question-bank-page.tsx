import { IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CoursePageHeader } from '@/pages/course-page-header';
import { paths } from '@/config/paths';
import { QuestionBank } from '@/features/assessments/components/question-bank';

/** The question bank of one of the teacher's courses. */
export function TeacherQuestionBankPage() {
  const { id = '' } = useParams();
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title="Question bank"
        describe={(courseTitle) =>
          courseTitle
            ? `Questions of “${courseTitle}”, for its quizzes and exams.`
            : 'Questions for this course’s quizzes and exams.'
        }
        gap="sm"
        links={[
          {
            to: paths.teacher.assessments.href(id),
            label: 'Assessments',
            icon: <IconChecklist size={18} aria-hidden />,
          },
          {
            to: paths.teacher.coursesList.href(),
            label: 'My Courses',
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
        ]}
      />
      <QuestionBank courseId={id} />
    </>
  );
}
