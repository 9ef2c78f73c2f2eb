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
import { useIntl } from '@/i18n/intl';
import { formatCount } from '@/lib/format';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { dashboardMessages as messages } from '../messages';
import { StatGrid } from './stat-grid';

export function AdminDashboardStats() {
  const intl = useIntl();
  const query = useAdminDashboard();
  const hint = intl.formatMessage(messages.newAccountsHint);
  return (
    <StatGrid
      query={query}
      placeholderCount={11}
      cards={(data) => [
        {
          label: intl.formatMessage(messages.students),
          value: formatCount(data.students),
          icon: IconSchool,
          color: 'indigo',
        },
        {
          label: intl.formatMessage(messages.teachers),
          value: formatCount(data.teachers),
          icon: IconUsersGroup,
          color: 'violet',
        },
        {
          label: intl.formatMessage(messages.publishedCourses),
          value: formatCount(data.publishedCourses),
          icon: IconBook2,
          color: 'blue',
        },
        {
          label: intl.formatMessage(messages.draftCourses),
          value: formatCount(data.draftCourses),
          icon: IconFileDescription,
          color: 'gray',
        },
        {
          label: intl.formatMessage(messages.activeEnrolments),
          value: formatCount(data.activeEnrolments),
          icon: IconPlayerPlay,
          color: 'cyan',
        },
        {
          label: intl.formatMessage(messages.completedEnrolments),
          value: formatCount(data.completedEnrolments),
          icon: IconCircleCheck,
          color: 'teal',
        },
        {
          label: intl.formatMessage(messages.reviews),
          value: formatCount(data.reviews),
          icon: IconStar,
          color: 'yellow',
        },
        {
          label: intl.formatMessage(messages.forumQuestions),
          value: formatCount(data.forumQuestions),
          icon: IconMessageQuestion,
          color: 'grape',
        },
        {
          label: intl.formatMessage(messages.forumAnswers),
          value: formatCount(data.forumAnswers),
          icon: IconMessageCircle,
          color: 'pink',
        },
        {
          label: intl.formatMessage(messages.signUpsLast7Days),
          value: formatCount(data.signUpsLast7Days),
          icon: IconUserPlus,
          color: 'green',
          hint,
        },
        {
          label: intl.formatMessage(messages.signUpsLast30Days),
          value: formatCount(data.signUpsLast30Days),
          icon: IconUserPlus,
          color: 'lime',
          hint,
        },
      ]}
    />
  );
}
