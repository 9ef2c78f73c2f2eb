import { IconArrowLeft } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CoursePageHeader } from '@/pages/course-page-header';
import { paths } from '@/config/paths';
import { ProgressGridView } from '@/features/progress-grid/components/progress-grid';

/** /teacher/courses/:id/progress — the students × items progress grid of one of the teacher's courses. */
export function TeacherCourseProgressPage() {
  const { id = '' } = useParams();
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title="Student progress"
        describe={(courseTitle) =>
          courseTitle
            ? `Where each student of “${courseTitle}” is, lesson by lesson.`
            : 'Where each student of this course is, lesson by lesson.'
        }
        links={[
          {
            to: paths.teacher.coursesList.href(),
            label: 'My Courses',
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
        ]}
      />
      <ProgressGridView key={id} courseId={id} />
    </>
  );
}
