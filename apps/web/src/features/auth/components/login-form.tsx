import { MESSAGES, UI } from '@lyceum/contract/constants';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths, postLoginHref } from '@/config/paths';
import { toastMessageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { lazySchema, PASSWORD_TOGGLE_PROPS, submitWhenLoaded, validateWith } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLogin } from '../api/login';
import { lastRole, prefetchArea, rememberRole } from '@/lib/area-prefetch';
import { LiveFieldset } from '@/components/live-fieldset';
import { useLocale } from '@/i18n/locale-provider';
import { useIntl } from '@/i18n/intl';
import { authMessages as m } from '../messages';
import { readAuthNavigationState } from './auth-navigation-state';

const LOGIN_SCHEMA = lazySchema((schemas) => schemas.LoginBodySchema);

export interface LoginFormProps {
  initialEmail?: string;
  /** The page the visitor was sent away from, to return to after login. */
  from?: string;
}

export function LoginForm({ initialEmail = '', from }: LoginFormProps) {
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const loginMutation = useLogin();
  const { locale, setLocale } = useLocale();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const intl = useIntl();
  const labels = { email: intl.formatMessage(m.email), password: intl.formatMessage(m.password) };

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '', remember: false },
    validate: validateWith(LOGIN_SCHEMA, labels),
  });

  // Spec §4: the toast shows first, the area opens a moment later.
  useEffect(() => {
    if (redirectTo === null) return;
    const timer = window.setTimeout(() => void navigate(redirectTo, { replace: true }), UI.loginRedirectMs);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  const submit = form.onSubmit((values) => {
    // The area's code downloads while the login request is in flight: the role this browser used last time now,
    // the role the answer names as soon as it arrives (a no-op when it is the same chunk).
    const guessed = lastRole();
    if (guessed) prefetchArea(guessed);
    loginMutation.mutate(values, {
      onSuccess: (response) => {
        const payload = startSession(response.token);
        if (!payload) {
          notifyError(MESSAGES.loginFailed);
          return;
        }
        prefetchArea(payload.user.role);
        rememberRole(payload.user.role);
        // The language chosen in My Account follows the user to this browser (issue 47).
        const language = response.user.language;
        if (language && language !== locale) void setLocale(language);
        notifySuccess(MESSAGES.loginSuccess);
        setRedirectTo(postLoginHref(payload.user.role, from));
      },
      onError: (error) => notifyError(toastMessageOf(error, MESSAGES.loginFailed)),
    });
  });
  const handleSubmit = submitWhenLoaded(LOGIN_SCHEMA, submit, () => notifyError(MESSAGES.loginFailed));

  return (
    <form onSubmit={handleSubmit} onFocus={LOGIN_SCHEMA.preload} aria-label={intl.formatMessage(m.loginForm)}>
      <LiveFieldset>
        <Stack gap="md">
          <TextInput
            label={labels.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={labels.password}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
            autoComplete="current-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox
              label={intl.formatMessage(m.rememberMe)}
              key={form.key('remember')}
              {...form.getInputProps('remember', { type: 'checkbox' })}
            />
            <Anchor component={Link} to={paths.forgetPassword.href()} size="sm" fw={600}>
              {intl.formatMessage(m.forgetPassword)}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={loginMutation.isPending || redirectTo !== null}>
            {intl.formatMessage(m.loginButton)}
          </Button>
        </Stack>
      </LiveFieldset>
    </form>
  );
}

/** The login form of the login screen: the e-mail to prefill and the page to return to come in router state. */
export function LoginPanel() {
  const { from, email } = readAuthNavigationState(useLocation().state);
  return <LoginForm initialEmail={email} from={from} />;
}
