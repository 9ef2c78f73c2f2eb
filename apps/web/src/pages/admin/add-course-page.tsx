import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CourseForm } from '@/features/courses/components/course-form';

export function AdminAddCoursePage() {
  return (
    <>
      <PageHeader
        title="Add Course"
        description="Write a course on behalf of a teacher: it appears under their name and in their My Courses."
      />
      <CourseForm listHref={paths.admin.coursesList.href()} withTeacherSelect />
    </>
  );
}
