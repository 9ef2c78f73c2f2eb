import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RequireUser } from '../app/guards';
import { RoleAreaLayout } from '../app/layouts/role-area-layout';
import { PageHeader } from '../components/page-header';
import { isAreaRole, paths } from '../config/paths';
import { NotificationCenter } from '../features/notifications/components/notification-center';
import { NOTIFICATION_SETTINGS_ID } from '../features/notifications/components/notification-preferences';
import { notificationsMessages as messages } from '@/features/notifications/messages';
import { useIntl } from '@/i18n/intl';
import { useAuth } from '../lib/auth/auth-context';

/**
 * /notifications: every notification of the signed-in user, any role, with filters and "mark all read" — in the
 * user's own area layout (its sidebar lists Notifications), with a link to the e-mail choices in My Account.
 */
export function NotificationsPage() {
  const { state } = useAuth();
  const user = state.user;
  const intl = useIntl();
  return (
    <RequireUser>
      {user ? (
        <RoleAreaLayout role={user.role}>
          <PageHeader
            title={intl.formatMessage(messages.title)}
            description={intl.formatMessage(messages.description)}
            actions={
              isAreaRole(user.role) && (
                <Button
                  component={Link}
                  to={`${paths[user.role].accountDetails.href()}#${NOTIFICATION_SETTINGS_ID}`}
                  variant="default"
                  leftSection={<IconSettings size={18} aria-hidden />}
                >
                  {intl.formatMessage(messages.settings)}
                </Button>
              )
            }
          />
          <NotificationCenter userId={user.id} />
        </RoleAreaLayout>
      ) : null}
    </RequireUser>
  );
}
