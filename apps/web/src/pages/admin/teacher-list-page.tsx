import { PageHeader } from '@/components/page-header';
import { UserManagement } from '@/features/admin/components/user-management';
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

export function AdminTeacherListPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.teacherListTitle)}
        description={intl.formatMessage(messages.teacherListDescription)}
      />
      <UserManagement role="teacher" />
    </>
  );
}
