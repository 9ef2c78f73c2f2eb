import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { AccountDetails } from '../../features/account/components/account-details';
import { BadgeList } from '../../features/certificates/components/badge-list';

/** /student/accountDetails: My Account (spec §2). */
export function StudentAccountDetailsPage() {
  return (
    <>
      <PageHeader title="My Account" description="Your profile, picture, password, sessions and badges." />
      <Stack gap={48}>
        <AccountDetails />
        <BadgeList />
      </Stack>
    </>
  );
}
