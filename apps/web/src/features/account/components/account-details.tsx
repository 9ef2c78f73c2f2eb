import { MESSAGES } from '@lyceum/contract/constants';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useIntl } from '@/i18n/intl';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { notifyError } from '@/lib/notify';
import { useProfile } from '../api/get-profile';
import { accountMessages } from '../messages';
import { AccountDetailsForm } from './account-details-form';
import { AccountSection } from './account-section';
import { ChangePasswordForm } from './change-password-form';
import { LogoutEverywhere } from './logout-everywhere';
import { LanguageForm } from './language-form';
import { TimeZoneForm } from './time-zone-form';

function AccountDetailsSkeleton() {
  return (
    <div role="status">
      <VisuallyHidden>Loading your account…</VisuallyHidden>
      <Stack gap="lg" aria-hidden>
        {[6, 5, 2].map((fields, section) => (
          <Paper key={section} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Skeleton h={24} w={180} mb="lg" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {Array.from({ length: fields }, (_, index) => (
                <Skeleton key={index} h={58} />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    </div>
  );
}

/** My Account of every role: the profile form, the password and the sessions, for the signed-in user. */
export function AccountDetails() {
  const { state } = useAuth();
  const profile = useProfile(state.user?.id ?? '');
  const intl = useIntl();
  const failed = profile.isError && !(profile.error instanceof ApiError && profile.error.status === 401);

  useEffect(() => {
    if (failed) notifyError(MESSAGES.viewFailed, 'account-view-failed');
  }, [failed]);

  if (profile.isPending) return <AccountDetailsSkeleton />;
  if (profile.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        // The light variant's own title colour is below the AA contrast ratio.
        styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        title={MESSAGES.viewFailed}
        icon={<IconAlertTriangle aria-hidden />}
      >
        Your account details could not be loaded.
        <Button
          display="block"
          mt="sm"
          size="xs"
          variant="white"
          color="red"
          onClick={() => void profile.refetch()}
          loading={profile.isFetching}
        >
          Try again
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <AccountDetailsForm profile={profile.data} />
      <AccountSection title="Time zone" id="time-zone">
        <TimeZoneForm profile={profile.data} />
      </AccountSection>
      <AccountSection title={intl.formatMessage(accountMessages.languageSection)} id="language">
        <LanguageForm profile={profile.data} />
      </AccountSection>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <AccountSection title="Password" description="Changing it signs out every other session.">
          <ChangePasswordForm />
        </AccountSection>
        <AccountSection title="Sessions">
          <LogoutEverywhere />
        </AccountSection>
      </SimpleGrid>
    </Stack>
  );
}
