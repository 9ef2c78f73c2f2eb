import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { EnrolledCourses } from '../../features/courses/components/enrolled-courses';
import { studentDashboardQueryOptions } from '../../features/dashboard/api/get-student-dashboard';

export function StudentEnrolledCoursesPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader
        title="Enrolled Courses"
        description="Every course you enrolled in. Mark a course complete when you have finished it."
      />
      <EnrolledCourses
        onCompleted={() => void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey })}
      />
    </>
  );
}
