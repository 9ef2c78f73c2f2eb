import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageHeader } from '@/components/page-header';
import { studentDashboardQueryOptions } from '@/features/dashboard/api/get-student-dashboard';
import { StudentReviewList } from '@/features/reviews/components/student-review-list';

/** /student/reviews (spec §2): the student's reviews with Edit and Delete. */
export function StudentReviewsPage() {
  const queryClient = useQueryClient();
  // Deleting a review changes the dashboard's "Reviews written".
  const onChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey }),
    [queryClient],
  );
  return (
    <>
      <PageHeader title="Review list Courses" description="The reviews you have written, newest first." />
      <StudentReviewList onChange={onChange} />
    </>
  );
}
