import { IconAward, IconCircleCheck, IconHeart, IconPlayerPlay, IconSchool, IconStar } from '@tabler/icons-react';
import { BADGES } from '@lyceum/contract/constants';
import { useIntl } from '@/i18n/intl';
import { formatCount } from '@/lib/format';
import { useStudentDashboard } from '../api/get-student-dashboard';
import { dashboardMessages as messages } from '../messages';
import { StatGrid } from './stat-grid';

export function StudentDashboardStats() {
  const query = useStudentDashboard();
  const intl = useIntl();
  return (
    <StatGrid
      query={query}
      placeholderCount={6}
      cards={(data) => [
        {
          label: intl.formatMessage(messages.enrolledCourses),
          value: formatCount(data.enrolled),
          icon: IconSchool,
          color: 'indigo',
        },
        {
          label: intl.formatMessage(messages.activeCourses),
          value: formatCount(data.active),
          icon: IconPlayerPlay,
          color: 'blue',
        },
        {
          label: intl.formatMessage(messages.completedCourses),
          value: formatCount(data.completed),
          icon: IconCircleCheck,
          color: 'teal',
        },
        {
          label: intl.formatMessage(messages.wishlist),
          value: formatCount(data.wishlist),
          icon: IconHeart,
          color: 'pink',
        },
        {
          label: intl.formatMessage(messages.reviewsWritten),
          value: formatCount(data.reviews),
          icon: IconStar,
          color: 'yellow',
        },
        // The spec's "Earn Badged" card, spelled right: badges earned by the rules of ADR 030.
        {
          label: intl.formatMessage(messages.earnBadges),
          value: formatCount(data.badges),
          icon: IconAward,
          color: 'grape',
          hint: intl.formatMessage(messages.badgesHint, { total: BADGES.length }),
        },
      ]}
    />
  );
}
