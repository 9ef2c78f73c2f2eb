import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/** The private iCalendar address of the caller's due dates, to subscribe to from a calendar app; resettable. */
export function CalendarFeedCard() {
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
          Due dates in your calendar
        </Title>
        <Text size="sm" c="dimmed">
          Subscribe from Google Calendar, Outlook or Apple Calendar with your private address. Anyone who has it can see
          your due dates: keep it to yourself, and reset it if it was shared.
        </Text>
        {!shown ? (
          <Group>
            <Button variant="default" onClick={() => setShown(true)}>
              Show my calendar address
            </Button>
          </Group>
        ) : feed.data ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              ref={address}
              label="Private calendar address"
              value={feed.data.url}
              readOnly
              style={{ flex: 1, minWidth: 220 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>
              Reset address
            </Button>
          </Group>
        ) : (
          <Text size="sm">Loading…</Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirm}
        title="Reset your calendar address?"
        confirmLabel="Reset address"
        danger
        loading={reset.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              notifySuccess('New calendar address ready: subscribe again with it');
            },
            onError: (error) => notifyError(toastMessageOf(error, 'The address could not be reset')),
          })
        }
      >
        The old address stops working at once; calendars subscribed to it stop updating.
      </ConfirmModal>
    </Card>
  );
}
