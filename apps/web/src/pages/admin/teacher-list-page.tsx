import { PageHeader } from '@/components/page-header';
import { UserManagement } from '@/features/admin/components/user-management';

export function AdminTeacherListPage() {
  return (
    <>
      <PageHeader
        title="Teacher List"
        description="Every teacher account: search, sort, open the details, and suspend, reset or change a role."
      />
      <UserManagement role="teacher" />
    </>
  );
}
