import { RequireUser } from '../app/guards';
import { PageContainer } from '../components/page-container';
import { PageHeader } from '../components/page-header';
import { NotificationCenter } from '../features/notifications/components/notification-center';
import { useAuth } from '../lib/auth/auth-context';

/** /notifications: every notification of the signed-in user, any role, with filters and "mark all read". */
export function NotificationsPage() {
  const { state } = useAuth();
  return (
    <RequireUser>
      <PageContainer>
        <PageHeader title="Notifications" description="Answers, reviews and other news about your work on Lyceum." />
        {state.user ? <NotificationCenter userId={state.user.id} /> : null}
      </PageContainer>
    </RequireUser>
  );
}
