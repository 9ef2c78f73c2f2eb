import { ForgotPasswordForm } from '../features/account/components/forgot-password-form';
import { PasswordHelpCard } from '../features/account/components/password-help-card';

/** /forget-password (spec §2, the login screen's "Forget Password" link): asks for a reset link by e-mail. */
export function ForgetPasswordPage() {
  return (
    <PasswordHelpCard
      title="Forgot your password?"
      description="Enter the email address of your account. We will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </PasswordHelpCard>
  );
}
