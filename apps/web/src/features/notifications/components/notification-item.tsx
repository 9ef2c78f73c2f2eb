import type { Notification } from '@lyceum/contract';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { formatDateTime } from '@/lib/format';
import { NOTIFICATION_TYPE_MESSAGES, notificationsMessages as messages } from '../messages';
import classes from './notifications.module.css';

/** One notification: its title (a link to what it is about), its text and when; unread ones are marked. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const intl = useIntl();
  const kind = (NOTIFICATION_TYPE_MESSAGES as Record<string, MessageDescriptor | undefined>)[notification.type];
  const date = formatDateTime(notification.createdAt);
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
            {notification.read ? null : (
              <span className={classes.srOnly}>{intl.formatMessage(messages.unreadPrefix)}</span>
            )}
            <bdi dir="auto">{notification.title}</bdi>
          </Text>
          {notification.body ? (
            <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
              {notification.body}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" mt={2}>
            {kind ? intl.formatMessage(messages.kindAndDate, { kind: intl.formatMessage(kind), date }) : date}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
