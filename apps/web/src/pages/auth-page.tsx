import { Box, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LogoMark } from '../components/logo';
import { LoginRegisterForm, type AuthMode } from '../features/auth/components/login-register-form';
import { useIntl } from '../i18n/intl';
import { authMessages } from '../features/auth/messages';
import classes from './auth-page.module.css';

const REASONS = [authMessages.reasonPace, authMessages.reasonTeach, authMessages.reasonAsk];

/** /login and /register (spec §2): one screen, two modes; `children` is the mode's form. */
export function AuthPage({ mode, children }: { mode: AuthMode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Box bg="gray.0" mih="calc(100dvh - var(--site-header-height, 0px))">
      <Container size="lg" py={{ base: 24, sm: 64 }}>
        <div className={classes.columns}>
          <Stack gap="lg" visibleFrom="md" pr="xl">
            <LogoMark size={56} />
            <Title order={2} fz={36} lh={1.15}>
              {intl.formatMessage(authMessages.asideTitle)}
            </Title>
            <Text c="dimmed" fz="lg">
              {intl.formatMessage(authMessages.asideLead)}
            </Text>
            <ul className={classes.reasons}>
              {REASONS.map((reason) => (
                <li key={reason.id}>
                  <ThemeIcon size={24} radius="xl" color="teal">
                    <IconCheck size={15} aria-hidden />
                  </ThemeIcon>
                  {intl.formatMessage(reason)}
                </li>
              ))}
            </ul>
          </Stack>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }}>
            <LoginRegisterForm mode={mode}>{children}</LoginRegisterForm>
          </Paper>
        </div>
      </Container>
    </Box>
  );
}
