import { useSearchParams } from 'react-router';
import { PasswordHelpCard } from '../features/account/components/password-help-card';
import { ResetLinkProblem, ResetPasswordForm } from '../features/account/components/reset-password-form';
import { accountMessages as m } from '../features/account/messages';
import { useIntl } from '../i18n/intl';

/** /reset-password?token=…: where the link of a reset mail lands; sets a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const intl = useIntl();

  return (
    <PasswordHelpCard title={intl.formatMessage(m.chooseNewPassword)} description={intl.formatMessage(m.resetLead)}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <ResetLinkProblem title={intl.formatMessage(m.noTokenTitle)}>
          {intl.formatMessage(m.noTokenText)}
        </ResetLinkProblem>
      )}
    </PasswordHelpCard>
  );
}
