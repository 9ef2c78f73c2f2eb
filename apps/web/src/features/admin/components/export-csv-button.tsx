import { MESSAGES } from '@lyceum/contract/constants';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDownloadUsersCsv, type ExportFilters } from '../api/export-users';
import { adminMessages as messages } from '../messages';

/** Downloads the list as it is filtered and sorted now (every page, not just the one on screen). */
export function ExportCsvButton({ filters }: { filters: ExportFilters }) {
  const intl = useIntl();
  const download = useDownloadUsersCsv();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(filters, {
          onSuccess: () => notifySuccess(MESSAGES.exportDone),
          onError: (error) => notifyError(toastMessageOf(error, MESSAGES.exportFailed)),
        })
      }
    >
      {intl.formatMessage(messages.exportCsv)}
    </Button>
  );
}
