import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';
import { classesMessages as messages } from '../messages';

/** The private iCalendar address of the caller's due dates, to subscribe to from a calendar app; resettable. */
export function CalendarFeedCard() {
  const t = useIntl().formatMessage;
  const [shown, setShown] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const feed = useCalendarFeed(shown);
  const reset = useResetCalendarFeed();
  // "Show my calendar address" goes once pressed: focus moves to the address it showed (selected, ready to copy).
  const address = useRef<HTMLInputElement>(null);
  const url = feed.data?.url;
  useEffect(() => {
    if (shown && url) address.current?.focus();
  }, [shown, url]);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t(messages.calendarTitle)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(messages.calendarHint)}
        </Text>
        {!shown ? (
          <Group>
            <Button variant="default" onClick={() => setShown(true)}>
              {t(messages.showCalendarAddress)}
            </Button>
          </Group>
        ) : feed.data ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              ref={address}
              label={t(messages.privateAddress)}
              value={feed.data.url}
              readOnly
              style={{ flex: 1, minWidth: 220 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {t(messages.copy, { copied: copied ? 'yes' : 'no' })}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>
              {t(messages.resetAddress)}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t(messages.loading)}</Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirm}
        title={t(messages.resetQuestion)}
        confirmLabel={t(messages.resetAddress)}
        danger
        loading={reset.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              notifySuccess(t(messages.newAddressReady));
            },
            onError: (error) => notifyError(toastMessageOf(error, t(messages.resetFailed))),
          })
        }
      >
        {t(messages.resetBody)}
      </ConfirmModal>
    </Card>
  );
}
