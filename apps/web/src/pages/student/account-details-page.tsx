import { PageHeader } from '../../components/page-header';
import { AccountDetails } from '../../features/account/components/account-details';

/** /student/accountDetails: My Account (spec §2). */
export function StudentAccountDetailsPage() {
  return (
    <>
      <PageHeader title="My Account" description="Your profile, picture, password and sessions." />
      <AccountDetails />
    </>
  );
}
