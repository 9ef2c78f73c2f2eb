import { ForgotPasswordForm } from '../features/account/components/forgot-password-form';
import { PasswordHelpCard } from '../features/account/components/password-help-card';
import { accountMessages as m } from '../features/account/messages';
import { useIntl } from '../i18n/intl';

/** /forget-password (spec §2, the login screen's "Forget Password" link): asks for a reset link by e-mail. */
export function ForgetPasswordPage() {
  const intl = useIntl();
  return (
    <PasswordHelpCard title={intl.formatMessage(m.forgotTitle)} description={intl.formatMessage(m.forgotLead)}>
      <ForgotPasswordForm />
    </PasswordHelpCard>
  );
}
