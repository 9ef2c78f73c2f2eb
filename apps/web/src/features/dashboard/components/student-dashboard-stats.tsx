import { IconAward, IconCircleCheck, IconHeart, IconPlayerPlay, IconSchool, IconStar } from '@tabler/icons-react';
import { BADGES } from '@lyceum/contract/constants';
import { formatCount } from '@/lib/format';
import { useStudentDashboard } from '../api/get-student-dashboard';
import { StatGrid } from './stat-grid';

export function StudentDashboardStats() {
  const query = useStudentDashboard();
  return (
    <StatGrid
      query={query}
      placeholderCount={6}
      cards={(data) => [
        { label: 'Enrolled Courses', value: formatCount(data.enrolled), icon: IconSchool, color: 'indigo' },
        { label: 'Active Courses', value: formatCount(data.active), icon: IconPlayerPlay, color: 'blue' },
        { label: 'Completed Courses', value: formatCount(data.completed), icon: IconCircleCheck, color: 'teal' },
        { label: 'Wishlist', value: formatCount(data.wishlist), icon: IconHeart, color: 'pink' },
        { label: 'Reviews written', value: formatCount(data.reviews), icon: IconStar, color: 'yellow' },
        // The spec's "Earn Badged" card, spelled right: badges earned by the rules of ADR 030.
        {
          label: 'Earn Badges',
          value: formatCount(data.badges),
          icon: IconAward,
          color: 'grape',
          hint: `of ${BADGES.length} · see them on My Account`,
        },
      ]}
    />
  );
}
