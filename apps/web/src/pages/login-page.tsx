import { LoginPanel } from '../features/auth/components/login-form';
import { SsoSignIn } from '../features/auth/components/sso-sign-in';
import { AuthPage } from './auth-page';

/** /login (spec §2), with the school's sign-in providers above the e-mail form (issue 48). */
export function LoginPage() {
  return (
    <AuthPage mode="login">
      <SsoSignIn />
      <LoginPanel />
    </AuthPage>
  );
}
