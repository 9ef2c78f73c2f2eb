import { useQueryClient } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MyCertificates } from '@/features/certificates/components/my-certificates';
import { EnrolledCourses } from '@/features/courses/components/enrolled-courses';
import { studentDashboardQueryOptions } from '@/features/dashboard/api/get-student-dashboard';

export function StudentEnrolledCoursesPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader
        title="Enrolled Courses"
        description="Every course you enrolled in: continue where you left off, and see how far you are."
      />
      <Stack gap={48}>
        <EnrolledCourses
          onCompleted={() => void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey })}
        />
        <MyCertificates verifyHref={paths.certificate.href} courseHref={paths.courseDetails.href} />
      </Stack>
    </>
  );
}
