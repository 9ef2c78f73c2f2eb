import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { readAuthNavigationState, type AuthNavigationState } from './auth-navigation-state';

export type AuthMode = 'login' | 'register';

/**
 * The combined login / register screen (spec §2): one toggle, the URL follows it. The form of the mode is the
 * child (`LoginPanel` or `RegisterPanel`), so that each page downloads only its own form.
 */
export function LoginRegisterForm({ mode, children }: { mode: AuthMode; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { from } = readAuthNavigationState(location.state);
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
      {children}
    </Stack>
  );
}
