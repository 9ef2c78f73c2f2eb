import { PageHeader } from '@/components/page-header';
import { ChildrenList } from '@/features/guardians/components/children-list';
import { SummarySettings } from '@/features/guardians/components/summary-settings';
import { guardiansMessages as m } from '@/features/guardians/messages';
import { useIntl } from '@/i18n/intl';
import { Stack } from '@mantine/core';

/** /guardian: My children (issue 52), the guardian's landing, with their weekly summary settings (ADR 070). */
export function GuardianChildrenPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader title={intl.formatMessage(m.childrenTitle)} description={intl.formatMessage(m.childrenDescription)} />
      <Stack gap="xl">
        <ChildrenList />
        <SummarySettings />
      </Stack>
    </>
  );
}
