import { PageHeader } from '@/components/page-header';
import { UserManagement } from '@/features/admin/components/user-management';

export function AdminStudentListPage() {
  return (
    <>
      <PageHeader
        title="Student List"
        description="Every student account: search, sort, open the details, and suspend, reset or change a role."
      />
      <UserManagement role="student" />
    </>
  );
}
