import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

/** /reset-password: where a password-reset link will land once reset mails exist. */
export function ResetPasswordPage() {
  return (
    <PageContainer>
      <ComingSoon
        title="Reset your password"
        description="Setting a new password from a reset link is coming soon. Until then, please write to our support address at the bottom of this page."
        action={{ label: 'Back to login', href: paths.login.href() }}
      />
    </PageContainer>
  );
}
