import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

/** /forget-password: the account issue builds the real reset request; until then, say so plainly. */
export function ForgetPasswordPage() {
  return (
    <PageContainer>
      <ComingSoon
        title="Forgot your password?"
        description="Resetting a forgotten password by e-mail is coming soon. Until then, please write to our support address at the bottom of this page."
        action={{ label: 'Back to login', href: paths.login.href() }}
      />
    </PageContainer>
  );
}
