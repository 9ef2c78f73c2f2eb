import { IconArrowLeft, IconPencilCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { GradebookTable } from '@/features/grading/components/gradebook-table';
import { CoursePageHeader } from '@/pages/course-page-header';

/** The gradebook of one of the teacher's courses. */
export function TeacherGradebookPage() {
  const { id = '' } = useParams();
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title="Gradebook"
        describe={(courseTitle) => (courseTitle ? `Grades of “${courseTitle}”.` : 'Grades of this course.')}
        links={[
          {
            to: paths.teacher.coursesList.href(),
            label: 'My Courses',
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
          {
            to: paths.teacher.grading.href(id),
            label: 'Grade answers',
            icon: <IconPencilCheck size={18} aria-hidden />,
            variant: 'light',
          },
        ]}
      />
      <GradebookTable courseId={id} />
    </>
  );
}
