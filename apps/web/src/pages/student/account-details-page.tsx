import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { AccountDetails } from '@/features/account/components/account-details';
import { BadgeList } from '@/features/certificates/components/badge-list';
import { AccountSection } from '@/features/account/components/account-section';
import {
  NOTIFICATION_SETTINGS_ID,
  NotificationPreferencesForm,
} from '@/features/notifications/components/notification-preferences';
import { MyGuardians } from '@/features/guardians/components/my-guardians';
import { guardiansMessages } from '@/features/guardians/messages';
import { useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';

/** /student/accountDetails: My Account (spec §2). */
export function StudentAccountDetailsPage() {
  const user = useAuth().state.user;
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title="My Account"
        description="Your profile, picture, password, sessions, notifications and badges."
      />
      <Stack gap={48}>
        <AccountDetails />
        {user ? (
          <AccountSection
            id={NOTIFICATION_SETTINGS_ID}
            title="Notifications"
            description="Which notifications also reach you by e-mail."
          >
            <NotificationPreferencesForm userId={user.id} />
          </AccountSection>
        ) : null}
        <AccountSection
          id="guardians"
          title={intl.formatMessage(guardiansMessages.mineTitle)}
          description={intl.formatMessage(guardiansMessages.mineDescription)}
        >
          <MyGuardians />
        </AccountSection>
        <BadgeList />
      </Stack>
    </>
  );
}
