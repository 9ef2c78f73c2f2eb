import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function StudentWishlistPage() {
  return (
    <ComingSoon
      title="Wishlist Courses"
      description="Courses you save for later will be collected here."
      action={{ label: 'Back to the dashboard', href: paths.student.dashboard.href() }}
    />
  );
}
