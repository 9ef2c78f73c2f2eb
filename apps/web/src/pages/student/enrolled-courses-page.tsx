import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function StudentEnrolledCoursesPage() {
  return (
    <ComingSoon
      title="Enrolled Courses"
      description="Your enrolled, active and completed courses will be listed here."
      action={{ label: 'Back to the dashboard', href: paths.student.dashboard.href() }}
    />
  );
}
