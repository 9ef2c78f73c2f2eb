import { NOTIFICATION_LIMITS } from '@lyceum/contract/constants';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLatestNotifications, useMarkRead, useUnreadCount } from '../api/notifications';
import { useLiveNotifications } from '../api/use-live-notifications';
import { softDisabled } from '@/lib/soft-disabled';
import { NotificationItem } from './notification-item';

const countText = (n: number) =>
  n >= NOTIFICATION_LIMITS.unreadCap ? `${NOTIFICATION_LIMITS.unreadCap - 1}+` : String(n);

/** The header's bell: the unread count, live; a panel with the latest and "mark all read". */
export function NotificationBell({ userId }: { userId: string }) {
  const live = useLiveNotifications(userId);
  const reconnecting = live === 'reconnecting';
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(userId);
  const latest = useLatestNotifications(userId, opened, NOTIFICATION_LIMITS.panelSize);
  const markRead = useMarkRead(userId);
  const count = unread.data ?? 0;
  const label = `${count > 0 ? `Notifications, ${countText(count)} unread` : 'Notifications'}${
    reconnecting ? ' (reconnecting…)' : ''
  }`;

  return (
    // While the stream is away the badge turns grey (a grey dot without a count): quiet, and not a new notice.
    <Indicator
      label={count > 0 ? countText(count) : undefined}
      disabled={count === 0 && !reconnecting}
      size={count > 0 ? 18 : 10}
      offset={6}
      color={reconnecting ? 'gray.7' : 'red'}
      title={reconnecting ? 'Reconnecting… new notifications appear once the connection is back.' : undefined}
      data-live={live}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        radius="md"
        withinPortal
        trapFocus
        zIndex={300}
        width="min(380px, calc(100vw - 24px))"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label={label}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notifications">
          <Group justify="space-between" px="md" py="sm">
            <Text fw={700}>Notifications</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => markRead.mutate({ all: true })}
              {...softDisabled(count === 0 || markRead.isPending)}
              aria-busy={markRead.isPending}
            >
              Mark all read
            </Button>
          </Group>
          <Divider />
          {reconnecting && (
            <Text size="xs" c="dimmed" px="md" py={6} role="status">
              Reconnecting… new notifications appear once the connection is back.
            </Text>
          )}
          <ScrollArea.Autosize mah={420} type="auto">
            {latest.isPending ? (
              <Group justify="center" p="lg">
                <Loader size="sm" aria-label="Loading notifications" />
              </Group>
            ) : latest.isError ? (
              <Text size="sm" c="red.8" p="md">
                Your notifications could not be loaded.
              </Text>
            ) : latest.data.items.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" ta="center">
                Nothing yet. Answers to your questions and other news appear here.
              </Text>
            ) : (
              <Stack gap={2} p={4}>
                {latest.data.items.map((item) => (
                  <NotificationItem
                    key={item.id}
                    notification={item}
                    onOpen={() => {
                      setOpened(false);
                      if (!item.read) markRead.mutate({ ids: [item.id] });
                    }}
                  />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Group justify="center" py="xs">
            <Anchor
              component={Link}
              to={paths.notifications.href()}
              size="sm"
              fw={600}
              onClick={() => setOpened(false)}
            >
              See all notifications
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
