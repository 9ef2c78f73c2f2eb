import { PageHeader } from '@/components/page-header';
import { ChildrenList } from '@/features/guardians/components/children-list';
import { guardiansMessages as m } from '@/features/guardians/messages';
import { useIntl } from '@/i18n/intl';

/** /guardian: My children (issue 52), the guardian's landing. */
export function GuardianChildrenPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader title={intl.formatMessage(m.childrenTitle)} description={intl.formatMessage(m.childrenDescription)} />
      <ChildrenList />
    </>
  );
}
