import { useSearchParams } from 'react-router';
import { PasswordHelpCard } from '../features/account/components/password-help-card';
import { Unsubscribe } from '../features/notifications/components/unsubscribe';

/** /unsubscribe?token=…: the link at the foot of every notification mail; no login needed. */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <PasswordHelpCard title="Stop these e-mails" description="Turn off the e-mails of one kind of notification.">
      <Unsubscribe token={token} />
    </PasswordHelpCard>
  );
}
