import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function TeacherCoursesListPage() {
  return (
    <ComingSoon
      title="My Courses"
      description="Your published and draft courses will be listed here, with a button to add a new one."
      action={{ label: 'Back to the dashboard', href: paths.teacher.dashboard.href() }}
    />
  );
}
