import { NOTIFICATION_TYPE_KEYS } from '@lyceum/contract/constants';
import { Alert, Button, Group, Loader, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useMarkRead, useNotificationList, useUnreadCount, type ListFilters } from '../api/notifications';
import { useLiveNotifications } from '../api/use-live-notifications';
import { useIntl } from '@/i18n/intl';
import { softDisabled } from '@/lib/soft-disabled';
import { NOTIFICATION_TYPE_MESSAGES, notificationsMessages as messages } from '../messages';
import { NotificationItem } from './notification-item';

/** The full list: filters by kind and unread, "mark all read", and older pages on demand. */
export function NotificationCenter({ userId }: { userId: string }) {
  useLiveNotifications(userId);
  const [filters, setFilters] = useState<ListFilters>({});
  const list = useNotificationList(userId, filters);
  const unread = useUnreadCount(userId);
  const markRead = useMarkRead(userId);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const intl = useIntl();
  const typeOptions = [
    { value: '', label: intl.formatMessage(messages.allKinds) },
    ...NOTIFICATION_TYPE_KEYS.map((type) => ({
      value: type,
      label: intl.formatMessage(NOTIFICATION_TYPE_MESSAGES[type]),
    })),
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Group gap="md" align="flex-end">
            <Select
              label={intl.formatMessage(messages.kind)}
              data={typeOptions}
              value={filters.type ?? ''}
              onChange={(value) => setFilters((f) => ({ ...f, type: value || undefined }))}
              allowDeselect={false}
              w={{ base: '100%', xs: 260 }}
            />
            <Switch
              label={intl.formatMessage(messages.unreadOnly)}
              checked={Boolean(filters.unread)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setFilters((f) => ({ ...f, unread: checked || undefined }));
              }}
              mb={8}
            />
          </Group>
          <Button
            variant="light"
            onClick={() => markRead.mutate({ all: true })}
            {...softDisabled((unread.data ?? 0) === 0 || markRead.isPending)}
            aria-busy={markRead.isPending}
          >
            {intl.formatMessage(messages.markAllRead)}
          </Button>
        </Group>
      </Paper>

      <Paper withBorder radius="lg" p={4} aria-live="polite" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" aria-label={intl.formatMessage(messages.loading)} />
          </Group>
        ) : list.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} m="sm">
            {intl.formatMessage(messages.loadFailed)}{' '}
            <Button size="compact-sm" variant="white" color="red" onClick={() => void list.refetch()}>
              {intl.formatMessage(messages.tryAgain)}
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">
            {intl.formatMessage(filters.type || filters.unread ? messages.noMatch : messages.none)}
          </Text>
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={item.id}>
                <NotificationItem
                  notification={item}
                  onOpen={() => {
                    if (!item.read) markRead.mutate({ ids: [item.id] });
                  }}
                />
              </li>
            ))}
          </Stack>
        )}
      </Paper>
      {list.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {intl.formatMessage(messages.showOlder)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
