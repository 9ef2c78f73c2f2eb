import { PageHeader } from '@/components/page-header';
import { RosterImportFlow } from '@/features/rosters/components/roster-import';
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

/** Roster import (issue 48.4): a OneRoster zip or a plain CSV, previewed, each class linked to a course, applied. */
export function AdminRostersPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.rostersTitle)}
        description={intl.formatMessage(messages.rostersDescription)}
      />
      <RosterImportFlow />
    </>
  );
}
