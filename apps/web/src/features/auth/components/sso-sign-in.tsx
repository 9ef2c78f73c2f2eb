import { MESSAGES } from '@lyceum/contract/constants';
import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { postLoginHref } from '@/config/paths';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { rememberRole } from '@/lib/area-prefetch';
import { useAuth } from '@/lib/auth/auth-context';
import { notifySuccess } from '@/lib/notify';
import { exchangeSsoCode, fetchSsoProviders, ssoStartHref } from '../api/sso';
import { authMessages as messages } from '../messages';
import { readAuthNavigationState } from './auth-navigation-state';

const REASONS: Record<string, MessageDescriptor> = {
  'domain-not-allowed': messages.ssoDomain,
  'tenant-not-allowed': messages.ssoTenant,
  'email-not-verified': messages.ssoUnverified,
  'state-expired': messages.ssoExpired,
  'state-unknown-or-used': messages.ssoExpired,
  'account-suspended': messages.ssoSuspended,
};

/**
 * The login page's "Sign in with …" buttons for the providers the admin enabled (issue 48), and the end of such a
 * sign-in: the server redirects back to /login with a one-time `sso_code` (exchanged here for the session, as a
 * password login gives) or with `sso_error` and its reason, said here in the page's language.
 */
export function SsoSignIn() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const params = new URLSearchParams(location.search);
  const code = params.get('sso_code');
  const next = params.get('next');
  const [reason, setReason] = useState<string | null>(params.get('sso_error'));
  const { from } = readAuthNavigationState(location.state);
  const providers = useQuery({ queryKey: ['sso-providers'], queryFn: fetchSsoProviders, staleTime: 60_000 });
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    exchangeSsoCode(code).then(
      (response) => {
        const payload = startSession(response.token);
        if (!payload) return setReason('token-refused');
        rememberRole(payload.user.role);
        notifySuccess(MESSAGES.loginSuccess);
        void navigate(postLoginHref(payload.user.role, next), { replace: true });
      },
      () => setReason('state-expired'),
    );
  }, [code, next, navigate, startSession]);

  const list = providers.data ?? [];
  return (
    <Stack gap="md">
      {reason && (
        <Alert color="red" role="alert">
          {intl.formatMessage(REASONS[reason] ?? messages.ssoFailed, { reason })}
        </Alert>
      )}
      {code && !reason && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{intl.formatMessage(messages.signingIn)}</Text>
        </Group>
      )}
      {list.length > 0 && (
        <>
          {list.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={ssoStartHref(provider.id, from)}
              variant="default"
              size="md"
              fullWidth
            >
              {intl.formatMessage(messages.signInWith, { name: provider.name })}
            </Button>
          ))}
          <Divider label={intl.formatMessage(messages.or)} labelPosition="center" />
        </>
      )}
    </Stack>
  );
}
