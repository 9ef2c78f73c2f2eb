import { IconArrowLeft, IconPencilCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { GradebookTable } from '@/features/grading/components/gradebook-table';
import { CoursePageHeader } from '@/pages/course-page-header';
import { gradingMessages as messages } from '@/features/grading/messages';
import { useIntl } from '@/i18n/intl';

/**
 * A course's gradebook: the teacher's own course (back to My Courses), or any course for an admin (back to the
 * course list, with each assessment's item analysis).
 */
export function CourseGradebookPage({ area }: { area: 'teacher' | 'admin' }) {
  const { id = '' } = useParams();
  const admin = area === 'admin';
  const t = useIntl().formatMessage;
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title={t(messages.gradebook)}
        describe={(courseTitle) =>
          courseTitle ? t(messages.gradesOfCourse, { course: courseTitle }) : t(messages.gradesOfThisCourse)
        }
        links={[
          {
            to: admin ? paths.admin.coursesList.href() : paths.teacher.coursesList.href(),
            label: t(admin ? messages.courses : messages.myCourses),
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
          {
            to: admin ? paths.admin.grading.href(id) : paths.teacher.grading.href(id),
            label: t(messages.gradeAnswers),
            icon: <IconPencilCheck size={18} aria-hidden />,
            variant: 'light',
          },
        ]}
      />
      <GradebookTable courseId={id} analysisHref={admin ? paths.admin.itemAnalysis.href : undefined} />
    </>
  );
}
