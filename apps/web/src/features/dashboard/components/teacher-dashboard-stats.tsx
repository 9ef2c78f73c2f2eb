import {
  IconBook2,
  IconCircleCheck,
  IconFileDescription,
  IconPlayerPlay,
  IconStar,
  IconStarHalfFilled,
  IconUsers,
} from '@tabler/icons-react';
import { formatCount, formatRating } from '@/lib/format';
import { useTeacherDashboard } from '../api/get-teacher-dashboard';
import { StatGrid } from './stat-grid';

export function TeacherDashboardStats() {
  const query = useTeacherDashboard();
  return (
    <StatGrid
      query={query}
      placeholderCount={6}
      cards={(data) => [
        { label: 'Published Courses', value: formatCount(data.publishedCourses), icon: IconBook2, color: 'indigo' },
        { label: 'Draft Courses', value: formatCount(data.draftCourses), icon: IconFileDescription, color: 'gray' },
        { label: 'Students', value: formatCount(data.students), icon: IconUsers, color: 'blue' },
        {
          label: 'Active Enrolments',
          value: formatCount(data.activeEnrolments),
          icon: IconPlayerPlay,
          color: 'cyan',
        },
        {
          label: 'Completed Enrolments',
          value: formatCount(data.completedEnrolments),
          icon: IconCircleCheck,
          color: 'teal',
        },
        { label: 'Reviews', value: formatCount(data.reviews), icon: IconStar, color: 'yellow' },
        {
          label: 'Average Rating',
          value: data.averageRating === null ? '—' : formatRating(data.averageRating),
          hint: data.averageRating === null ? 'No reviews yet' : 'out of 5',
          icon: IconStarHalfFilled,
          color: 'orange',
        },
      ]}
    />
  );
}
