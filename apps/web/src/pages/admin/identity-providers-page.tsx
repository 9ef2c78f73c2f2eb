import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ProviderList, SignInAttempts } from '@/features/identity-providers/components/identity-providers';
import { providerMessages as messages } from '@/features/identity-providers/messages';
import { useIntl } from '@/i18n/intl';

/** Single sign-on (issue 48.3): the school's identity providers, and the last sign-ins with why each was refused. */
export function AdminIdentityProvidersPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.pageTitle)}
        description={intl.formatMessage(messages.pageDescription)}
      />
      <Stack gap="xl">
        <ProviderList />
        <SignInAttempts />
      </Stack>
    </>
  );
}
