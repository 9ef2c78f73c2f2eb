import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useIntl } from '@/i18n/intl';
import { UPDATE_READY_EVENT } from './constants';
import { pwaMessages as m } from './messages';

const NOTICE_ID = 'lyceum-update-ready';

/** When a new version waits (register.ts), a notice that stays until the user reloads into it or closes it. */
export function UpdatePrompt() {
  const t = useIntl().formatMessage;
  useEffect(() => {
    const show = () =>
      notifications.show({
        id: NOTICE_ID,
        title: t(m.updateTitle),
        autoClose: false,
        message: (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(m.updateBody)}</Text>
            <Button size="xs" onClick={() => void import('./register').then(({ applyUpdate }) => applyUpdate())}>
              {t(m.reload)}
            </Button>
          </Stack>
        ),
      });
    window.addEventListener(UPDATE_READY_EVENT, show);
    return () => window.removeEventListener(UPDATE_READY_EVENT, show);
  }, [t]);
  return null;
}
