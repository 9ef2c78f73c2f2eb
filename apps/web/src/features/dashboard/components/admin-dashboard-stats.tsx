import {
  IconBook2,
  IconCircleCheck,
  IconFileDescription,
  IconMessageCircle,
  IconMessageQuestion,
  IconPlayerPlay,
  IconSchool,
  IconStar,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { formatCount } from '@/lib/format';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { StatGrid } from './stat-grid';

export function AdminDashboardStats() {
  const query = useAdminDashboard();
  return (
    <StatGrid
      query={query}
      placeholderCount={11}
      cards={(data) => [
        { label: 'Students', value: formatCount(data.students), icon: IconSchool, color: 'indigo' },
        { label: 'Teachers', value: formatCount(data.teachers), icon: IconUsersGroup, color: 'violet' },
        { label: 'Published Courses', value: formatCount(data.publishedCourses), icon: IconBook2, color: 'blue' },
        { label: 'Draft Courses', value: formatCount(data.draftCourses), icon: IconFileDescription, color: 'gray' },
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
          label: 'Forum Questions',
          value: formatCount(data.forumQuestions),
          icon: IconMessageQuestion,
          color: 'grape',
        },
        { label: 'Forum Answers', value: formatCount(data.forumAnswers), icon: IconMessageCircle, color: 'pink' },
        {
          label: 'Sign-ups, Last 7 Days',
          value: formatCount(data.signUpsLast7Days),
          icon: IconUserPlus,
          color: 'green',
          hint: 'New students and teachers',
        },
        {
          label: 'Sign-ups, Last 30 Days',
          value: formatCount(data.signUpsLast30Days),
          icon: IconUserPlus,
          color: 'lime',
          hint: 'New students and teachers',
        },
      ]}
    />
  );
}
