import { IconArrowLeft, IconTable } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { CoursePageHeader } from '@/pages/course-page-header';
import { paths } from '@/config/paths';
import { useTeacherCourses } from '@/features/courses/api/get-teacher-courses';
import { CourseFilteredInbox } from '@/features/grading/components/course-filtered-inbox';
import { GradingInbox } from '@/features/grading/components/grading-inbox';
import { usePageTitle } from '@/lib/use-page-title';

/** The grading inbox of one of the teacher's courses, graded question by question. */
export function TeacherGradingPage() {
  const { id = '' } = useParams();
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title="Grading"
        describe={(courseTitle) =>
          courseTitle
            ? `Answers of “${courseTitle}” that need a person, oldest first.`
            : 'Answers that need a person, oldest first.'
        }
        links={[
          {
            to: paths.teacher.coursesList.href(),
            label: 'My Courses',
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
          {
            to: paths.teacher.gradebook.href(id),
            label: 'Gradebook',
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
  const courseId = searchParams.get('courseId') ?? '';
  const courses = useTeacherCourses({ page: 1, pageSize: 100 });
  const options = (courses.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));
  const chosen = options.find((o) => o.value === courseId);
  usePageTitle(chosen ? `Grading · ${chosen.label}` : 'Grading');
  return (
    <CourseFilteredInbox
      description="Answers that need a person in all your courses, oldest first. Choose a course to grade only its answers."
      courses={options}
      placeholder="All my courses"
      gradebookHref={(id) => paths.teacher.gradebook.href(id)}
    />
  );
}
