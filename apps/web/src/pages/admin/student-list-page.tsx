import { PageHeader } from '@/components/page-header';
import { UserManagement } from '@/features/admin/components/user-management';
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

export function AdminStudentListPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.studentListTitle)}
        description={intl.formatMessage(messages.studentListDescription)}
      />
      <UserManagement role="student" />
    </>
  );
}
