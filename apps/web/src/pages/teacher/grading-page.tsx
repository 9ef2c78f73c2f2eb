import { IconArrowLeft, IconTable } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { CoursePageHeader } from '@/pages/course-page-header';
import { paths } from '@/config/paths';
import { useTeacherCourses } from '@/features/courses/api/get-teacher-courses';
import { CourseFilteredInbox } from '@/features/grading/components/course-filtered-inbox';
import { GradingInbox } from '@/features/grading/components/grading-inbox';
import { gradingMessages as messages } from '@/features/grading/messages';
import { useIntl } from '@/i18n/intl';
import { usePageTitle } from '@/lib/use-page-title';

/** The grading inbox of one of the teacher's courses, graded question by question. */
export function TeacherGradingPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title={intl.formatMessage(messages.grading)}
        describe={(courseTitle) =>
          courseTitle
            ? intl.formatMessage(messages.courseAnswersIntro, { course: courseTitle })
            : intl.formatMessage(messages.answersIntro)
        }
        links={[
          {
            to: paths.teacher.coursesList.href(),
            label: intl.formatMessage(messages.myCourses),
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
          {
            to: paths.teacher.gradebook.href(id),
            label: intl.formatMessage(messages.gradebook),
            icon: <IconTable size={18} aria-hidden />,
            variant: 'light',
          },
        ]}
      />
      <GradingInbox courseId={id} />
    </>
  );
}

/**
 * /teacher/grading: every answer that needs a person across the teacher's courses, oldest first; the course filter
 * (`?courseId=`, kept in the address) narrows it to one course.
 */
export function TeacherGradingInboxPage() {
  const [searchParams] = useSearchParams();
  const intl = useIntl();
  const courseId = searchParams.get('courseId') ?? '';
  const courses = useTeacherCourses({ page: 1, pageSize: 100 });
  const options = (courses.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));
  const chosen = options.find((o) => o.value === courseId);
  usePageTitle(
    chosen ? intl.formatMessage(messages.gradingTitle, { course: chosen.label }) : intl.formatMessage(messages.grading),
  );
  return (
    <CourseFilteredInbox
      description={intl.formatMessage(messages.allMyCoursesIntro)}
      courses={options}
      placeholder={intl.formatMessage(messages.allMyCourses)}
      gradebookHref={(id) => paths.teacher.gradebook.href(id)}
    />
  );
}
