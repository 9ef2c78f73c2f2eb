import { Box, Container, Paper, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { GuardianInvitation } from '@/features/guardians/components/guardian-invitation';
import { guardiansMessages as m } from '@/features/guardians/messages';
import { useIntl } from '@/i18n/intl';
import { usePageTitle } from '@/lib/use-page-title';

/** /guardian-invitation?token=…: where a guardian invitation's mail lands (issue 52), one centred card. */
export function GuardianInvitationPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const title = intl.formatMessage(m.invitationTitle);
  usePageTitle(title);
  return (
    <Box bg="gray.0" mih="calc(100dvh - var(--site-header-height, 0px))">
      <Container size={560} py={{ base: 24, sm: 64 }}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
            {title}
          </Title>
          <GuardianInvitation token={token} />
        </Paper>
      </Container>
    </Box>
  );
}
