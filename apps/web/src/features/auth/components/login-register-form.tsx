import type { RegistrableRole } from '@lyceum/contract';
import { REGISTRABLE_ROLES } from '@lyceum/contract/constants';
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { readAuthNavigationState, type AuthNavigationState } from './auth-navigation-state';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

function roleParam(value: string | null): RegistrableRole | undefined {
  return REGISTRABLE_ROLES.find((role) => role === value);
}

/** The combined login / register screen (spec §2): one toggle, the URL follows it. */
export function LoginRegisterForm({ mode }: { mode: AuthMode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { from, email } = readAuthNavigationState(location.state);
  const initialRole = roleParam(searchParams.get('role'));
  usePageTitle(mode === 'login' ? 'Login' : 'Sign up');

  const switchTo = (next: string) => {
    const state: AuthNavigationState = { from };
    void navigate(next === 'register' ? paths.register.href() : paths.login.href(), { replace: true, state });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {mode === 'login' ? 'Welcome back' : 'Create your account'}
        </Title>
        <Text c="dimmed" mt={4}>
          {mode === 'login'
            ? 'Log in to continue where you left off.'
            : 'Join as a student to learn, or as a teacher to share what you know.'}
        </Text>
      </div>
      <SegmentedControl
        fullWidth
        size="md"
        radius="md"
        value={mode}
        onChange={switchTo}
        aria-label="Login or register"
        data={[
          { label: 'Login', value: 'login' },
          { label: 'Register', value: 'register' },
        ]}
      />
      {mode === 'login' ? (
        <LoginForm initialEmail={email} from={from} />
      ) : (
        <RegisterForm
          key={initialRole ?? 'none'}
          initialRole={initialRole}
          onRegistered={(registeredEmail) =>
            void navigate(paths.login.href(), { state: { from, email: registeredEmail } satisfies AuthNavigationState })
          }
        />
      )}
    </Stack>
  );
}
