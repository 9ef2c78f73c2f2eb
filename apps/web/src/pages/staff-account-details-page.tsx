import { PageHeader } from '@/components/page-header';
import { Box } from '@mantine/core';
import { AccountDetails } from '@/features/account/components/account-details';
import { AccountSection } from '@/features/account/components/account-section';
import {
  NOTIFICATION_SETTINGS_ID,
  NotificationPreferencesForm,
} from '@/features/notifications/components/notification-preferences';
import { useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';
import { staffPagesMessages as messages } from './staff/messages';

/** /teacher/accountDetails and /admin/accountDetails: My Account (spec §2); the student's adds badges (student/account-details-page). */
export function StaffAccountDetailsPage() {
  const intl = useIntl();
  const user = useAuth().state.user;
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.myAccount)}
        description={intl.formatMessage(messages.myAccountDescription)}
      />
      <AccountDetails />
      {user ? (
        <Box mt="lg">
          <AccountSection
            id={NOTIFICATION_SETTINGS_ID}
            title={intl.formatMessage(messages.notifications)}
            description={intl.formatMessage(messages.notificationsDescription)}
          >
            <NotificationPreferencesForm userId={user.id} />
          </AccountSection>
        </Box>
      ) : null}
    </>
  );
}
