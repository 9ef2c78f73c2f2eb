import { RegisterPanel } from '../features/auth/components/register-form';
import { AuthPage } from './auth-page';

/** /register (spec §2). */
export function RegisterPage() {
  return (
    <AuthPage mode="register">
      <RegisterPanel />
    </AuthPage>
  );
}
