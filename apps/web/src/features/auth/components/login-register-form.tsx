import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { useIntl } from '@/i18n/intl';
import { authMessages as m } from '../messages';
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
  const intl = useIntl();
  usePageTitle(intl.formatMessage(mode === 'login' ? m.loginTitle : m.registerTitle));

  const switchTo = (next: string) => {
    const state: AuthNavigationState = { from };
    void navigate(next === 'register' ? paths.register.href() : paths.login.href(), { replace: true, state });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {intl.formatMessage(mode === 'login' ? m.welcomeBack : m.createYourAccount)}
        </Title>
        <Text c="dimmed" mt={4}>
          {intl.formatMessage(mode === 'login' ? m.loginLead : m.registerLead)}
        </Text>
      </div>
      <SegmentedControl
        fullWidth
        size="md"
        radius="md"
        value={mode}
        onChange={switchTo}
        aria-label={intl.formatMessage(m.modeSwitch)}
        data={[
          { label: intl.formatMessage(m.modeLogin), value: 'login' },
          { label: intl.formatMessage(m.modeRegister), value: 'register' },
        ]}
      />
      {children}
    </Stack>
  );
}
