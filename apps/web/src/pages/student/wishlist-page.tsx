import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { WishlistCourses } from '@/features/courses/components/wishlist-courses';
import { studentDashboardQueryOptions } from '@/features/dashboard/api/get-student-dashboard';

export function StudentWishlistPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader title="Wishlist Courses" description="Courses you saved for later." />
      <WishlistCourses
        onRemoved={() => void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey })}
      />
    </>
  );
}
