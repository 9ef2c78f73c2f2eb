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
        description="Every course you enrolled in: continue where you left off, and see how far you are."
      />
      <EnrolledCourses
        onCompleted={() => void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey })}
      />
    </>
  );
}
