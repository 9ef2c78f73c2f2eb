import { useSearchParams } from 'react-router';
import { PasswordHelpCard } from '../features/account/components/password-help-card';
import { ResetLinkProblem, ResetPasswordForm } from '../features/account/components/reset-password-form';

/** /reset-password?token=…: where the link of a reset mail lands; sets a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <PasswordHelpCard
      title="Choose a new password"
      description="Your new password replaces the old one and signs out every device that was still signed in."
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <ResetLinkProblem title="This address has no reset link">
          This page opens from the link in a password reset email, and the address is missing its token. Ask for a new
          link and open it from the email.
        </ResetLinkProblem>
      )}
    </PasswordHelpCard>
  );
}
