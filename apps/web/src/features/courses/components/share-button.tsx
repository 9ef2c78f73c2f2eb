import { MESSAGES } from '@lyceum/contract/constants';
import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useIntl } from '@/i18n/intl';
import { coursesMessages as m } from '../messages';

/** Shares the page with the system share sheet where there is one, otherwise copies its address. */
export function ShareButton({ title }: { title: string }) {
  const intl = useIntl();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(MESSAGES.linkCopied);
    } catch {
      notifyError(MESSAGES.linkCopyFailed);
    }
  };

  return (
    <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => void share()}>
      {intl.formatMessage(m.share)}
    </Button>
  );
}
