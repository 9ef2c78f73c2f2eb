import type { Notification } from '@lyceum/contract';
import { NOTIFICATION_TYPES } from '@lyceum/contract/constants';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import classes from './notifications.module.css';

/** One notification: its title (a link to what it is about), its text and when; unread ones are marked. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const label = (NOTIFICATION_TYPES as Record<string, { label: string }>)[notification.type]?.label;
  return (
    <UnstyledButton
      component={Link}
      to={notification.link}
      onClick={onOpen}
      className={classes.item}
      data-unread={notification.read ? undefined : true}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} aria-hidden />
        <Box miw={0}>
          <Text size="sm" fw={notification.read ? 400 : 600} lineClamp={2}>
            {notification.read ? null : <span className={classes.srOnly}>Unread: </span>}
            {notification.title}
          </Text>
          {notification.body ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {notification.body}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" mt={2}>
            {label ? `${label} · ` : ''}
            {formatDateTime(notification.createdAt)}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
