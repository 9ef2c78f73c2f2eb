import { CourseGradebookPage } from '@/pages/course-gradebook-page';

/** The gradebook of one of the teacher's courses. */
export function TeacherGradebookPage() {
  return <CourseGradebookPage area="teacher" />;
}
