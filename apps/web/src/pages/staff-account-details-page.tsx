import { PageHeader } from '@/components/page-header';
import { Box } from '@mantine/core';
import { AccountDetails } from '@/features/account/components/account-details';
import { AccountSection } from '@/features/account/components/account-section';
import {
  NOTIFICATION_SETTINGS_ID,
  NotificationPreferencesForm,
} from '@/features/notifications/components/notification-preferences';
import { useAuth } from '@/lib/auth/auth-context';

/** /teacher/accountDetails and /admin/accountDetails: My Account (spec §2); the student's adds badges (student/account-details-page). */
export function StaffAccountDetailsPage() {
  const user = useAuth().state.user;
  return (
    <>
      <PageHeader title="My Account" description="Your profile, picture, password and sessions." />
      <AccountDetails />
      {user ? (
        <Box mt="lg">
          <AccountSection
            id={NOTIFICATION_SETTINGS_ID}
            title="Notifications"
            description="Which notifications also reach you by e-mail."
          >
            <NotificationPreferencesForm userId={user.id} />
          </AccountSection>
        </Box>
      ) : null}
    </>
  );
}
