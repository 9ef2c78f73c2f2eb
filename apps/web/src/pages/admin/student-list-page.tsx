import { PageHeader } from '@/components/page-header';
import { UserManagement } from '@/features/admin/components/user-management';
import { StudentDateOfBirth } from '@/features/guardians/components/student-date-of-birth';
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
      {/* A student's details carry their date of birth (guardians' 18+ rule, ADR 070). */}
      <UserManagement role="student" studentExtra={(studentId) => <StudentDateOfBirth studentId={studentId} />} />
    </>
  );
}
