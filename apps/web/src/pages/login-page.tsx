import { LoginPanel } from '../features/auth/components/login-form';
import { AuthPage } from './auth-page';

/** /login (spec §2). */
export function LoginPage() {
  return (
    <AuthPage mode="login">
      <LoginPanel />
    </AuthPage>
  );
}
